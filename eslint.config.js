import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

/**
 * What the type checker (`npm run typecheck`) and the import rules (`npm run lint:deps`) do not see:
 * the recommended JavaScript and TypeScript rules, the rules of React hooks, and a warning on files
 * that outgrow the 300 lines STYLE.md allows. Formatting belongs to Prettier (`npm run format:check`).
 * server/src/lint-rules.test.ts shows each rule reporting a file that breaks it.
 */
export default tseslint.config(
  { ignores: ["dist/", "coverage/", "test-results/", "playwright-report/", ".e2e-data*/", "data/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "max-lines": ["warn", { max: 300 }],
      // A leading underscore names what a destructuring leaves out on purpose (`{ secret: _secret, ...rest }`),
      // as tsc's noUnusedLocals already allows.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // One destructuring where one name is reassigned stays one `let`.
      "prefer-const": ["error", { destructuring: "all" }],
      // The text rules (common/src/text.ts) match control characters on purpose: they strip them.
      "no-control-regex": "off",
    },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    // The two rules of hooks. The plugin's React Compiler rules (refs, set-state-in-effect, ...) judge code
    // for a compiler this app does not run: its latest-handler refs and effects that follow props are deliberate.
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    // `useFakeAdminApi()` and its kind register a test file's beforeEach/afterEach: vitest hooks, not React's.
    // Web test files share a worker's modules (vitest.config.ts), so a module mock would outlive its file.
    files: ["web/src/**/*.test.{ts,tsx}"],
    rules: {
      "react-hooks/rules-of-hooks": "off",
      "no-restricted-properties": [
        "error",
        ...["mock", "doMock"].map((property) => ({
          object: "vi",
          property,
          message: "Web test files share their modules: stub the browser (vi.stubGlobal) or use a real server instead of mocking a module.",
        })),
      ],
    },
  },
  {
    // Tests and benchmarks read answers whose shape they assert field by field; migrations run on a database
    // whose tables have no type yet.
    files: ["**/*.test.{ts,tsx}", "server/src/test/**", "bench/**", "server/src/db/migrate.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Journeys take `test` from e2e/support.ts, which closes the browser contexts each journey opened.
    files: ["e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "@playwright/test", importNames: ["test", "expect"], message: "Import test and expect from ./support: its test closes the contexts a journey opens." }] },
      ],
    },
  },
  {
    // Stand-ins for the platforms' player scripts, loaded by Chromium as plain scripts (e2e/fakes/player-fakes.ts).
    // They keep the real APIs' shape: `new YT.Player(...)` is a constructor whose callbacks need `this` by another name.
    files: ["e2e/fakes/**/*.js"],
    languageOptions: {
      sourceType: "script",
      globals: { window: "readonly", document: "readonly", URL: "readonly", setTimeout: "readonly", clearTimeout: "readonly", setInterval: "readonly", clearInterval: "readonly" },
    },
    rules: { "@typescript-eslint/no-this-alias": "off" },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { module: "writable", require: "readonly" } },
  },
);
