/** The kit's columns every soft-deleted record reads (`kitColumns()` of db/schema/kit-columns.ts). */
type KitRecord = { createdAt: Date; updatedAt: Date; deletedAt: Date | null };

/**
 * The kit's part of a record's answer, its shared row schema's `kitRowFields`: `ativo` (no `deletedAt`)
 * and the three dates as ISO texts. A service's `toRow` spreads it after the record's own fields.
 */
export function kitRow(record: KitRecord) {
  return {
    ativo: record.deletedAt === null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    deletedAt: record.deletedAt?.toISOString() ?? null,
  };
}
