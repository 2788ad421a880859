import { z } from 'zod';
import { emailSchema } from './auth.schemas.ts';
import { PASSWORD_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from './constants.ts';
import { isValidPassword, isValidPersonName } from './validators.ts';

/**
 * Error keys used as zod messages; both the web forms and the API translate them.
 * `passwordRule`: 4 to 16 characters, the only enforced password rule.
 */
export const newPasswordSchema = z
  .string()
  .min(1, { error: 'required' })
  .max(PASSWORD_MAX_LENGTH * 8, { error: 'passwordRule' })
  .refine(isValidPassword, { error: 'passwordRule' });

export const TEMPORARY_REQUEST_KINDS = ['activation', 'recovery', 'registration'] as const;
export type TemporaryRequestKind = (typeof TEMPORARY_REQUEST_KINDS)[number];

/**
 * `POST /api/requisicaotemporaria`: the token from the mail link, a password for recovery and
 * registration (none for activation), and optionally the kind the page expects, so a link opened on
 * the wrong page is refused instead of doing something else.
 */
export const temporaryRequestBodySchema = z.strictObject({
  token: z.string().min(1, { error: 'required' }).max(200, { error: 'invalid' }),
  password: newPasswordSchema.optional(),
  kind: z.enum(TEMPORARY_REQUEST_KINDS).optional(),
});
export type TemporaryRequestBody = z.infer<typeof temporaryRequestBodySchema>;

export const temporaryRequestResultSchema = z.object({
  kind: z.enum(TEMPORARY_REQUEST_KINDS),
  email: z.string(),
});

export const recoveryRequestBodySchema = z.strictObject({ email: emailSchema });

export const changePasswordBodySchema = z.strictObject({
  senhaAtual: z.string().min(1, { error: 'required' }).max(128, { error: 'tooLong' }),
  novaSenha: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const personNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .max(PERSON_NAME_MAX_LENGTH, { error: 'tooLong' })
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), { error: 'invalid' })
  .refine(isValidPersonName, { error: 'personName' });

/** Public sign-up (the login page's no-account link). Terms must be accepted explicitly. */
export const signUpBodySchema = z.strictObject({
  nome: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  termsAccepted: z.literal(true, { error: 'termsRequired' }),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;
