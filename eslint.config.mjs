import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const frameworkFree = {
  patterns: [
    {
      group: ["next", "next/*", "next-auth", "next-auth/*"],
      message: "lib/agent and lib/forms stay free of Next: declare an adapter interface instead.",
    },
    { group: ["react", "react-dom", "react/*", "react-dom/*"], message: "lib/agent and lib/forms stay free of React." },
    {
      group: [
        "@prisma/*",
        "prisma",
        "pg",
        "pg-*",
        "@/lib/db/*",
        "@/lib/server/*",
        "@/lib/client/*",
        "@/lib/models/*",
        "@/app/*",
        "@/components/*",
      ],
      message: "lib/agent and lib/forms reach the outside only through their adapter interfaces.",
    },
  ],
};

/** A tool's server half (`do`, and what it needs) under lib/tools: server.ts in a tool's folder, the server list, *.server.ts. */
const toolServerHalves = [
  "@/lib/tools/server",
  "@/lib/tools/*/server",
  "@/lib/tools/*.server",
  "./server",
  "../server",
  "./*.server",
  "../*.server",
];
// Test doubles (`lib/*/testing`, as the AI SDK ships `ai/test`) serve tests only; dev, test and migration
// tooling (`tooling/`: embedded PostgreSQL, Prisma 6's offline diff) serves scripts and tests only.
const noTesting = {
  group: ["**/testing", "**/testing/**"],
  message: "Test doubles are for tests/ only: production code uses the real adapters.",
};
const noTooling = { group: ["@/tooling/*", "**/tooling/**"], message: "tooling/ serves scripts and tests; the app never imports it." };
const production = (patterns) => [...patterns, noTesting, noTooling];

const noSonner = {
  selector: "ImportDeclaration[source.value='sonner']",
  message: "Import toast from @/components/ui/toast: it loads sonner when needed.",
};

const config = [
  { ignores: [".next/**", "node_modules/**", ".data/**", "lib/db/generated/**", "next-env.d.ts", "test-results/**"] },
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // The DOM's globals of common words type-check where a local was meant (window.status is a string).
      "no-restricted-globals": [
        "error",
        ...["status", "name", "event", "length", "parent", "top", "close", "open", "stop", "find"].map((name) => ({
          name,
          message: `"${name}" here is the browser's window.${name}: declare or destructure the value you meant.`,
        })),
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "proxy.ts", "instrumentation.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: production([]) }] },
  },
  {
    // Outside app/components/lib (scripts, prisma/, tooling/), only tests/ and the testing folders may use test doubles.
    files: ["**/*.{ts,tsx}"],
    ignores: ["app/**", "components/**", "lib/**", "proxy.ts", "instrumentation.ts", "tests/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [noTesting] }] },
  },
  {
    files: ["lib/agent/**/*.ts", "lib/forms/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: production(frameworkFree.patterns) }] },
  },
  {
    // The data layer sits below lib/server: of it, only the environment module (zod only) may be imported.
    files: ["lib/db/**/*.ts"],
    ignores: ["lib/db/generated/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: production([
            ...frameworkFree.patterns.slice(0, 2),
            {
              group: ["@/lib/server/*", "!@/lib/server/env", "@/lib/client/*", "@/app/*", "@/components/*"],
              message: "lib/db is below lib/server: it imports lib/agent, lib/schemas and @/lib/server/env only.",
            },
          ]),
        },
      ],
    },
  },
  {
    // Model adapters may use lib/agent's types, nothing of the app around them.
    files: ["lib/models/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: production(frameworkFree.patterns.map((p) => ({ ...p, group: p.group.filter((g) => g !== "@/lib/models/*") }))) },
      ],
    },
  },
  {
    // Shapes shared by server and browser: zod and other shape modules only.
    files: ["lib/schemas/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: production([
            ...frameworkFree.patterns.slice(0, 2),
            {
              group: [
                "@prisma/*",
                "pg",
                "@/lib/db/*",
                "@/lib/server/*",
                "@/lib/client/*",
                "@/app/*",
                "@/components/*",
                "@/lib/models/*",
                "!@/lib/models/model-config",
              ],
              message: "Shape modules import zod and other shape modules only.",
            },
          ]),
        },
      ],
    },
  },
  {
    // A tool's shape is read by the browser's card too: it may not pull in the runtime or a server half.
    files: ["lib/tools/**/*.ts"],
    ignores: ["lib/tools/**/server.ts", "lib/tools/**/*.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...frameworkFree.patterns.slice(0, 2),
            {
              group: [
                "@prisma/*",
                "pg",
                "@/lib/db/*",
                "@/lib/server/*",
                "@/lib/client/*",
                "@/app/*",
                "@/components/*",
                "@/lib/models/*",
                "@/lib/agent",
                "@/lib/agent/*",
                ...toolServerHalves,
              ],
              message: "Tool shapes and the catalog import zod and other shapes only: the browser bundles them.",
            },
            noTesting,
            noTooling,
          ],
        },
      ],
    },
  },
  {
    // A tool's server half: the runtime, its shape, nothing of the browser or the database (it gets what it writes to as a dependency).
    files: ["lib/tools/**/server.ts", "lib/tools/**/*.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...frameworkFree.patterns.slice(0, 2),
            {
              group: ["@prisma/*", "pg", "@/lib/db/*", "@/lib/server/*", "@/lib/client/*", "@/app/*", "@/components/*", "@/lib/models/*"],
              message: "A tool's server half imports lib/agent and tool shapes only.",
            },
            noTesting,
            noTooling,
          ],
        },
      ],
    },
  },
  {
    // Routes and components never reach the database client directly: every tenant query lives in lib/db.
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/client/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: production([
            {
              group: ["@prisma/*", "pg", "@/lib/db/generated/*", "@/lib/db/client"],
              message: "Go through a lib/db function that takes the tenant context.",
            },
          ]),
        },
      ],
    },
  },
  {
    files: ["components/**/*.{ts,tsx}", "lib/client/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: production([
            { group: ["@/lib/db/*", "@/lib/server/*", "@prisma/*", "pg"], message: "Client code never imports server modules." },
            { group: toolServerHalves, message: "Client code takes a tool's shape (lib/tools/<tool>/shape), never its server half." },
            {
              group: ["@/lib/models/*", "!@/lib/models/model-config"],
              message: "Client code never imports model adapters (model-config holds the shared zod schema).",
            },
          ]),
        },
      ],
    },
  },
  {
    // sonner loads on demand through the app's toast module; a static import anywhere else would put it back into every page's first load.
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/client/**/*.{ts,tsx}"],
    ignores: ["components/ui/toast.ts"],
    rules: {
      "no-restricted-syntax": ["error", noSonner],
    },
  },
  {
    // The browser's chat code takes only types from the chat routes' zod schemas: a value import ships zod with the chat page.
    files: ["components/**/*.{ts,tsx}", "lib/client/**/*.{ts,tsx}"],
    ignores: ["components/ui/toast.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        noSonner,
        {
          selector: "ImportDeclaration[source.value='@/lib/schemas/conversation'][importKind!='type']",
          message:
            "Import types only (import type ...) from the chat schemas; shared values that the browser needs live in zod-free modules such as @/lib/schemas/response-events.",
        },
      ],
    },
  },
];

export default config;
