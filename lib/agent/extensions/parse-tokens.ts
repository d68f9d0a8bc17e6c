/** A `/name` directive at the start of the text or after whitespace, ending at whitespace or the end. */
const DIRECTIVE = /(^|\s)\/([A-Za-z][\w-]*)(?=\s|$)/g;

export interface ParsedTokens {
  /** The text with each bound directive replaced by a placeholder that cannot trigger again. */
  replaced: string;
  hooks: string[];
  skills: string[];
}

/**
 * Finds the `/name` directives bound to a registered hook or skill (a hook wins a name clash).
 * Unbound `/tokens` (paths like /usr/local too) and `@mentions` are left exactly as typed.
 */
export function parseTokens(
  text: string,
  registries: { hooks: ReadonlyMap<string, unknown>; skills: ReadonlyMap<string, unknown> },
): ParsedTokens {
  const hooks: string[] = [];
  const skills: string[] = [];
  const replaced = text.replace(DIRECTIVE, (match, lead: string, name: string) => {
    if (registries.hooks.has(name)) {
      hooks.push(name);
      return `${lead}[invoked_extension__hook_${name}]`;
    }
    if (registries.skills.has(name)) {
      skills.push(name);
      return `${lead}[invoked_extension__skill_${name}]`;
    }
    return match;
  });
  return { replaced, hooks, skills };
}
