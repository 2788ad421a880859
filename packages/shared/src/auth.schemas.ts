import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './constants.ts';
import { isValidEmail } from './validators.ts';

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
  InstanciaAno: z.union([z.number().int(), z.string().regex(/^\d{4}$/)]).optional(),
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

export const currentUserSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  email: z.string(),
  profile: z.object({ id: z.number().int(), nome: z.string() }),
  confirmedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const publicConfigSchema = z.object({
  appStoreUrl: z.string(),
  googlePlayUrl: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
