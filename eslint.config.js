// Lint configuration (flat config): typescript-eslint with type information, React, hooks and
// accessibility rules. Prettier owns formatting, so eslint-config-prettier switches off the
// stylistic rules that would fight it. `npm run lint` runs this and `prettier --check`.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "app/generated/**",
      "build/**",
      "build-*/**",
      "public/**",
      "bench/results/**",
      "tests/.tmp/**",
      "test-results/**",
      "playwright-report/**",
      "data/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ["*.js", "*.mjs"] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Remix loaders/actions throw Responses (redirects, 4xx) by design.
      "@typescript-eslint/only-throw-error": "off",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // An async function without await is how a Promise-returning interface (adapters, writers) is met.
      "@typescript-eslint/require-await": "off",
      // React event handlers may be async; React ignores their return value.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Services return data, never HTML (app/cache/README.md): pages render, services read and write.
    files: ["app/services/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "react-dom/server", message: "Services return data; the route renders it." }],
          patterns: [
            {
              group: ["~/components/*", "**/components/*"],
              message: "Services return data; the route renders it with its components.",
            },
          ],
        },
      ],
    },
  },
  {
    // Asymmetric matchers (expect.any, expect.stringMatching) and parsed JSON bodies are typed `any` by the
    // test libraries themselves.
    files: ["tests/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      // A fixed wait guesses how long the app takes: too short on a busy machine, too long everywhere else.
      "no-restricted-properties": [
        "error",
        {
          property: "waitForTimeout",
          message: "Wait on the event itself: a response, a locator's state, or expect.poll.",
        },
      ],
    },
  },
  {
    // Plain JavaScript (scripts, the server entry, this file) has no types to check against.
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ["**/*.tsx"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "react/prop-types": "off",
      // Browser-only state (localStorage, navigator, the service worker) is read in an effect after
      // hydration on purpose, so the server's HTML and the first client render stay identical.
      "react-hooks/set-state-in-effect": "off",
      // Code prompts and the sign-in page focus their one input: typing the code is the only task there.
      "jsx-a11y/no-autofocus": "off",
    },
  },
  prettier,
);
