// A subdivision flag (🏴 + tag letters + cancel tag) is the one legitimate use of Unicode tag characters.
const TAGS = /(\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F})|[\u{E0000}-\u{E007F}]/gu;

/**
 * Removes Unicode tag characters from a server's text before a model reads it: they are invisible
 * to people yet read by models, a known way to hide instructions in a tool's description or result
 * (glove-mcp strips them too). Flags such as Scotland's keep theirs.
 */
export const stripInvisibleTags = (text: string) => text.replace(TAGS, (_match, flag: string | undefined) => flag ?? "");
