import type { Database } from '../../../db/client.ts';
import type { ImportDeclaration } from './import-declaration.ts';

/** What `registerImportRoutes` takes of a service: the database its writes go through, and the declaration. */
export type Importer<Body> = { db: Database; declaration: ImportDeclaration<Body> };

/**
 * A kit service with its spreadsheet import (`service.importer`, for `registerImportRoutes`): the
 * service `createService(repository)` answers, and the import `declare` builds from `saves`, the same
 * service on the import's transaction handle (`repository.on(db)`), so that a row is saved with every
 * rule of the form: `withImporter(repository, createService, (saves) => organizationImport({ saves,
 * valuesOf, postcodes }))`.
 */
export function withImporter<
  Repository extends { db: Database; on(db: Database): Repository },
  Service,
  Body,
>(
  repository: Repository,
  createService: (repository: Repository) => Service,
  declare: (saves: (db: Database) => Service) => ImportDeclaration<Body>,
): Service & { importer: Importer<Body> } {
  return {
    ...createService(repository),
    importer: {
      db: repository.db,
      declaration: declare((db) => createService(repository.on(db))),
    },
  };
}
