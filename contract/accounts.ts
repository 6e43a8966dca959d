// Account bodies and answers. Validation messages are locale keys (`validation.*`): the SPA shows them
// translated, the server returns them in `issues`, and both use these very schemas (SPEC.md §5).
import { z } from "./zod";
import { Language } from "./i18n";
import { text } from "./input";
import { DateOfBirth } from "./personal-data";
import { TEXT_MAX } from "./constants";
import { validationKeys } from "./validation-keys";

export { TEXT_MAX } from "./constants";
export { validationKeys } from "./validation-keys";

export const NAME_MAX = 25;
export const PASSWORD_MIN = 6;
export const PASSWORD_SPECIALS = "!@#$%^&*()_-+=";

/** 201 or 202 of sign-up, resend-confirmation and forgot-password: accepted, the rest goes by e-mail. */
export const Accepted = z.object({ ok: z.literal(true) });
/** A 204 answer: no body. */
export const NoContent = z.undefined();

const v = validationKeys;
const specials = PASSWORD_SPECIALS.replace(/[-\\^$*+?.()|[\]{}]/g, "\\$&");
const passwordRule = new RegExp(`^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[${specials}]).{${PASSWORD_MIN},}$`);

const required = (max: number, maxKey: string) => text({ error: v.required }).trim().min(1, v.required).max(max, maxKey);

export const Email = text({ error: v.required }).trim().min(1, v.required).max(TEXT_MAX, v.max255).pipe(z.email(v.invalidEmail));

export const Password = text({ error: v.required }).min(1, v.required).max(TEXT_MAX, v.max255).regex(passwordRule, v.password);

export const PersonName = required(NAME_MAX, v.max25);
/**
 * What a display name may not hold, as no one reading it could tell: control, format and bidi characters, private
 * use and unassigned code points, line and paragraph separators, what Unicode says to draw as nothing (zero-width
 * characters, fillers, the soft hyphen, variation selectors), the blank Braille pattern, and more than two combining
 * marks on one letter.
 */
const UNSEEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;
const isSeen = (value: string) => !UNSEEN.test(value) && !/\p{M}{3}/u.test(value.normalize("NFD"));

/**
 * A display name, NFKC-normalised (fullwidth and mathematical letters become plain ones) before its rules apply: no
 * spaces, no "@" (a name is never taken for an e-mail), nothing unseen. The server also refuses reserved names and
 * names that look like another user's (server/accounts/display-names.ts).
 */
export const DisplayName = text({ error: v.required })
  .normalize("NFKC")
  .trim()
  .min(1, v.required)
  .max(NAME_MAX, v.max25)
  .refine((value) => !/\s/.test(value), v.noSpaces)
  .refine((value) => !value.includes("@"), v.noAt)
  .refine(isSeen, v.unseenCharacters);

/** Latvian and international numbers: optional +, 7 to 15 digits, single spaces or dashes between them. */
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, "").length;
  return /^\+?[0-9]+([ -]?[0-9]+)*$/.test(value) && digits >= 7 && digits <= 15;
}

export const Phone = text()
  .trim()
  .max(TEXT_MAX, v.max255)
  .refine((value) => value === "" || isPhoneNumber(value), v.invalidPhone);

const withConfirmation = <T extends z.ZodRawShape>(shape: T, field: "password" | "newPassword") =>
  z
    .object({ ...shape, confirmPassword: text({ error: v.required }).min(1, v.required) })
    .refine((body) => (body as Record<string, unknown>)[field] === (body as Record<string, unknown>).confirmPassword, {
      message: v.passwordsDontMatch,
      path: ["confirmPassword"],
    });

export const SignUpBody = withConfirmation(
  {
    email: Email,
    password: Password,
    firstName: PersonName,
    lastName: PersonName,
    displayName: DisplayName,
    dateOfBirth: DateOfBirth,
    isMarketingConsentGiven: z.boolean().default(false),
    language: Language.default("lv"),
  },
  "password",
);
export type SignUpBody = z.input<typeof SignUpBody>;

export const SignInBody = z.object({
  email: Email,
  password: text({ error: v.required }).min(1, v.required).max(TEXT_MAX, v.max255),
});
export type SignInBody = z.infer<typeof SignInBody>;

export const ForgotPasswordBody = z.object({
  email: text({ error: v.required }).trim().min(1, v.required).max(TEXT_MAX, v.max255).pipe(z.email(v.invalidEmailShort)),
  language: Language.default("lv"),
});
export type ForgotPasswordBody = z.input<typeof ForgotPasswordBody>;

export const Token = text()
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, "validation.invalidToken");

export const ConfirmEmailBody = z.object({ token: Token });
export const ResendConfirmationBody = z.object({ email: Email, language: Language.default("lv") });

export const ResetPasswordBody = withConfirmation({ token: Token, password: Password }, "password");
export type ResetPasswordBody = z.input<typeof ResetPasswordBody>;

export const ChangePasswordBody = withConfirmation(
  { currentPassword: text({ error: v.required }).min(1, v.required).max(TEXT_MAX, v.max255), newPassword: Password },
  "newPassword",
);
export type ChangePasswordBody = z.input<typeof ChangePasswordBody>;

export const Profile = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  phone: z.string(),
  deliveryAddress: z.string(),
  isMarketingConsentGiven: z.boolean(),
  language: Language,
  /** ISO date; null for an account made before sign-up asked, until its owner tells it. */
  dateOfBirth: z.string().nullable(),
});
export type Profile = z.infer<typeof Profile>;

export const UpdateProfileBody = z.object({
  firstName: PersonName,
  lastName: PersonName,
  displayName: DisplayName,
  phone: Phone.default(""),
  deliveryAddress: text().trim().max(TEXT_MAX, v.max255).default(""),
  isMarketingConsentGiven: z.boolean(),
});
export type UpdateProfileBody = z.input<typeof UpdateProfileBody>;

export const UpdateLanguageBody = z.object({ language: Language });
