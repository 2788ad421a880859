import { z } from 'zod';

/** A row of `GET /perfil` (spec §3 Profile): name, master profile and how many users hold it. */
export const profileRowSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  perfilMaster: z.object({ nome: z.string() }).nullable(),
  totalUsuarios: z.number().int(),
});
export type ProfileRow = z.infer<typeof profileRowSchema>;

/** `GET /perfil/`: the profiles the caller may assign in the user form. */
export const profileOptionSchema = z.object({ id: z.number().int(), nome: z.string() });
export const profileOptionsAnswerSchema = z.object({ data: z.array(profileOptionSchema) });
export type ProfileOption = z.infer<typeof profileOptionSchema>;
