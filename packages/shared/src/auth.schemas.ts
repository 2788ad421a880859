import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from './constants.ts';
import { boundedInteger } from './integers.schemas.ts';
import { MEMBER_ROLES } from './members.rules.ts';
import { isValidEmail, isValidPassword, isValidPersonName } from './validators.ts';

/** Upper bound for a submitted password: far above the 16-character rule, low enough to bound hashing work. */
const PASSWORD_INPUT_MAX = 128;

export const emailSchema = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .max(EMAIL_MAX_LENGTH, { error: 'tooLong' })
  .refine(isValidEmail, { error: 'invalidEmail' });

/** Sign-in form: e-mail with the standard pattern, password required (spec §5 Login). */
export const loginFormSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: 'required' }).max(PASSWORD_INPUT_MAX, { error: 'tooLong' }),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/**
 * `POST /api/login` accepts both readings of the spec: `{Login, Senha}` and `{email, password}`, and
 * normalises them to `{email, password}`. Unknown fields are refused so a typo is a clear 400.
 */
export const loginBodySchema = z
  .strictObject({
    Login: z.string().trim().max(EMAIL_MAX_LENGTH, { error: 'tooLong' }).optional(),
    Senha: z.string().max(PASSWORD_INPUT_MAX, { error: 'tooLong' }).optional(),
    email: z.string().trim().max(EMAIL_MAX_LENGTH, { error: 'tooLong' }).optional(),
    password: z.string().max(PASSWORD_INPUT_MAX, { error: 'tooLong' }).optional(),
  })
  .transform((body, ctx) => {
    const email = body.email || body.Login;
    const password = body.password || body.Senha;
    if (!email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'required' });
    if (!password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'required' });
    return { email: email ?? '', password: password ?? '' };
  });
export type LoginBody = z.input<typeof loginBodySchema>;

export const refreshBodySchema = z.strictObject({
  // A year (spec §7): sent by the spec's clients, not used; bounded like every integer the API takes.
  InstanciaAno: z.union([boundedInteger(0, 9_999), z.string().regex(/^\d{4}$/)]).optional(),
  Login: z.string().trim().min(1).max(EMAIL_MAX_LENGTH),
  Refresh: z.string().min(1).max(512),
});
export type RefreshBody = z.infer<typeof refreshBodySchema>;

export const logoutBodySchema = z.strictObject({
  refreshToken: z.string().min(1).max(512),
});

export const tokenPairSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  /** The signed-in account's login (its e-mail), sent back as `Login` when refreshing. */
  login: z.string(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** The caller's membership in `GET /usuario/me`; null for staff and app users. */
export const membershipViewSchema = z
  .object({
    organizationId: z.number().int(),
    organizationName: z.string(),
    role: z.enum(MEMBER_ROLES),
    locationIds: z.array(z.number().int()).nullable(),
  })
  .nullable();

export const currentUserSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  email: z.string(),
  profile: z.object({ id: z.number().int(), nome: z.string() }),
  confirmedAt: z.string().nullable(),
  createdAt: z.string(),
  /** A client account's organisation and role (docs/decisions/client-access.md); null for staff and app users. */
  membership: membershipViewSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const publicConfigSchema = z.object({
  appStoreUrl: z.string(),
  googlePlayUrl: z.string(),
  /** The customer code campaign QR codes carry (spec §9: `A01` unless configured). */
  customerCode: z.string(),
  /** The periods the server's configuration actually applies, which the privacy page states. */
  retention: z.object({
    /** Accounts without activity for this long are anonymised. */
    personalDataDays: z.number().int(),
    /** Access-log records (sign-ins, refreshes, sign-outs) are kept this long, at least 183 days. */
    accessLogDays: z.number().int(),
    /** Audit records older than this are removed. */
    auditDays: z.number().int(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

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
