/** Applies `Set-Cookie` lines to a name → value jar the way a browser would (empty or max-age=0 deletes). */
export function storeSetCookies(jar: Map<string, string>, lines: readonly string[]): void {
  for (const line of lines) {
    const [pair] = line.split(";");
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (value === "" || /max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}

export const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
