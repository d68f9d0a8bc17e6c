// `next dev` compiles each route on its first request: on a fresh clone the first answer of the first
// chat waited two minutes of compiles. npm run dev requests, before it says "ready", every page and
// API route a first visit uses (signed in as the demo owner, so the pages render instead of
// redirecting), and the scripts those pages name.

export interface WarmUpOptions {
  baseURL: string;
  /** The seeded demo owner: its session lets the team's pages render. */
  login: { email: string; password: string; organizationSlug: string };
  progress: (done: number, total: number, pathname: string) => void;
  /** Stops waiting when `next dev` is gone. */
  signal: AbortSignal;
}

// Ids that do not exist: the route compiles and answers 404 or 405, and nothing is written.
const NO_SUCH_ID = "warm-up";

export async function warmUpRoutes(options: WarmUpOptions): Promise<{ failed: string[] }> {
  const { baseURL, login, signal } = options;
  const cookies = new Map<string, string>();
  const request = async (pathname: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(pathname, baseURL), {
      ...init,
      signal,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return response;
  };

  await waitForServer(baseURL, signal);
  const slug = login.organizationSlug;
  // Signed out first: a signed-in visitor is redirected away from these, and their scripts would not be named.
  const publicPages = ["/", "/sign-up", "/sign-in"];
  const pages = ["/app", `/${slug}`, `/${slug}/c/${NO_SUCH_ID}`];
  const apis = [
    "/api/auth/session",
    "/api/signup",
    "/api/conversations",
    `/api/conversations/${NO_SUCH_ID}`,
    `/api/conversations/${NO_SUCH_ID}/messages`,
    `/api/conversations/${NO_SUCH_ID}/events`,
    `/api/slots/${NO_SUCH_ID}/resolve`,
  ];
  const total = publicPages.length + pages.length + apis.length;
  let done = 0;
  const failed: string[] = [];
  const finish = (pathname: string, ok: boolean) => {
    if (!ok) failed.push(pathname);
    options.progress(++done, total, pathname);
  };
  const warmPage = async (pathname: string) => {
    const response = await request(pathname).catch(() => undefined);
    const html = response ? await response.text() : "";
    // The page's own scripts are compiled when the browser asks for them.
    const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]);
    await Promise.all(scripts.map(async (src) => (await request(src).catch(() => undefined))?.arrayBuffer()));
    finish(pathname, response !== undefined && response.status < 500);
  };

  // One at a time, so the progress line names what is compiling.
  for (const pathname of publicPages) await warmPage(pathname);

  // Auth.js's credentials sign-in, as the sign-in form does it; it also compiles the auth route.
  const csrf = (await (await request("/api/auth/csrf")).json()) as { csrfToken: string };
  const form = new URLSearchParams({
    csrfToken: csrf.csrfToken,
    email: login.email,
    password: login.password,
    callbackUrl: `${baseURL}/app`,
  });
  await (
    await request("/api/auth/callback/credentials", {
      method: "POST",
      body: form,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    })
  ).arrayBuffer();

  for (const pathname of apis) {
    const response = await request(pathname).catch(() => undefined);
    await response?.arrayBuffer();
    // A 5xx means the route failed to compile or load; 4xx is the fake id doing its job.
    finish(pathname, response !== undefined && response.status < 500);
  }
  for (const pathname of pages) await warmPage(pathname);
  return { failed };
}

async function waitForServer(baseURL: string, signal: AbortSignal): Promise<void> {
  for (;;) {
    signal.throwIfAborted();
    const response = await fetch(new URL("/api/health", baseURL), { signal }).catch(() => undefined);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
