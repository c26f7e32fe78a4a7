// ESLint (flat config) for the browser modules: ./scripts/test runs `npm run lint`.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    // The games' page folders: ours, and the game from outside (tests/outside_game, docs/games.md).
    files: ["static/js/**/*.js", "app/games/*/page/**/*.js", "tests/outside_game/*/page/**/*.js", "eslint.config.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      // An SVG path alone on its line may be longer.
      "max-len": ["error", { code: 120, ignoreUrls: true, ignorePattern: '^\\s*(\\w+: )?"M[-\\d .,a-zA-Z]+",?$' }],
      "no-unused-vars": ["error", { argsIgnorePattern: "^_", caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "prefer-const": "error",
      "no-var": "error",
    },
  },
];
