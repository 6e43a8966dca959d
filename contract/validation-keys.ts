// The locale keys of the validation messages every form shares (SPEC.md §5), without zod: the schemas of accounts,
// addresses and reviews name them, and a review's schema needs none of an account's (decision 116). Not in
// constants.ts: the first screen's code may not name the texts that load later (vite.config.ts, `laterTexts`).
export const validationKeys = {
  required: "validation.required",
  invalidEmail: "validation.invalidEmail",
  invalidEmailShort: "validation.invalidEmailShort",
  password: "validation.password",
  passwordsDontMatch: "validation.passwordsDontMatch",
  max25: "validation.max25",
  max255: "validation.max255",
  noSpaces: "validation.noSpaces",
  noAt: "validation.noAt",
  unseenCharacters: "validation.unseenCharacters",
  reserved: "validation.reserved",
  alreadyTaken: "validation.alreadyTaken",
  invalidPhone: "validation.invalidPhone",
} as const;
