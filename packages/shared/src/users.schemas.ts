import { z } from 'zod';
import { optionalText } from './address.schemas.ts';
import { emailSchema, personNameSchema } from './auth.schemas.ts';
import { taxIdProblem } from './br-documents.ts';
import { MINIMUM_AGE_YEARS } from './constants.ts';
import { calendarDateSchema } from './dates.schemas.ts';
import { idSchema } from './integers.schemas.ts';
import { kitFields, recordBodySchema } from './record-fields.schemas.ts';

export const GENRES = ['M', 'F', 'O'] as const;

/** True when a person born on `isoDate` is at least `years` old today (dates compared as calendar days). */
export function isAtLeastYearsOld(isoDate: string, years: number, today = new Date()): boolean {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const limit = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()));
  return Date.UTC(year, month - 1, day) <= limit.getTime();
}

/** A time after the day (`2001-02-28T05:00:00Z`, as older clients send it) is dropped: a birthday is a day. */
const DAY_AND_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?$/;
const dayOf = (value: string) => (DAY_AND_TIME.test(value) ? value.slice(0, 10) : value);

const birthdaySchema = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? dayOf(value) : null))
  .pipe(
    calendarDateSchema
      .refine((value) => isAtLeastYearsOld(value, MINIMUM_AGE_YEARS), { error: 'birthday' })
      .nullable(),
  );

/** A profile is named in the body by its name (spec §7), or as `{nome}` / `{id}`. */
export const profileRefSchema = z.union([
  z.string().trim().min(1, { error: 'required' }).max(100),
  z.strictObject({ nome: z.string().trim().min(1).max(100) }),
  z.strictObject({ id: idSchema }),
]);

/** The user's shared fields: an address they may leave out. */
export const USER_KIT_FIELDS = kitFields({ address: 'optionalAddress' });

/**
 * The user form's body (spec §7 Users): the same rules on the web form and on the server (spec §5 User).
 * CPF/CNPJ are checked only when the country is BR, and so is the CEP format. A CPF/CNPJ with another
 * country (or none) is refused rather than dropped: it is a Brazilian tax id, kept for Brazil only.
 */
export const userBodySchema = recordBodySchema(
  {
    email: emailSchema,
    nome: personNameSchema,
    cpf: optionalText(18),
    document: optionalText(14),
    ativo: z.boolean().optional(),
    profile: profileRefSchema,
    birthday: birthdaySchema.optional().transform((value) => value ?? null),
    genre: z
      .enum(GENRES, { error: 'invalidOption' })
      .nullish()
      .transform((value) => value ?? null),
    ...USER_KIT_FIELDS.body,
  },
  (user, ctx) => {
    const isBrazil = user.address?.country === 'BR';
    if (!isBrazil && user.cpf) ctx.addIssue({ code: 'custom', path: ['cpf'], message: 'cpfOnlyForBrazil' });
    if (isBrazil) {
      const problem = taxIdProblem(user.cpf);
      if (problem) ctx.addIssue({ code: 'custom', path: ['cpf'], message: problem });
    }
  },
);
export type UserBody = z.infer<typeof userBodySchema>;
export type UserBodyInput = z.input<typeof userBodySchema>;

/** `PUT /usuario/{id}` with only `{ativo}` toggles the account (spec §4 Records). */
export const userToggleBodySchema = z.strictObject({ ativo: z.boolean() });

export const userRowSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  email: z.string(),
  cpf: z.string().nullable(),
  document: z.string().nullable(),
  genre: z.enum(GENRES).nullable(),
  birthday: z.string().nullable(),
  profile: z.object({ id: z.number().int(), nome: z.string() }),
  ...USER_KIT_FIELDS.row,
  ativo: z.boolean(),
  confirmedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  /** When the account's personal data was erased (LGPD art. 18, VI); it can no longer be changed. */
  anonymizedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserRow = z.infer<typeof userRowSchema>;
