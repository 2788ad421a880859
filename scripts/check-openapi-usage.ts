// A client of the API written against the types openapi-typescript generates from the served document.
// `npm run check:openapi` copies it beside those types (.tmp/openapi/openapi-types.ts, generated there)
// and type-checks it: a document change that would break or lose these for a client fails the check.
import type { components, paths } from './openapi-types.ts';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

type SignIn = paths['/api/login']['post'];
type LoginBody = Json<NonNullable<SignIn['requestBody']>>;
type TokenPair = Json<SignIn['responses'][200]>;

type ListCategories = paths['/api/categories']['get'];
type ListQuery = NonNullable<ListCategories['parameters']['query']>;
type CategoriesPage = Json<ListCategories['responses'][200]>;
type CategoryBody = Json<NonNullable<paths['/api/categories']['post']['requestBody']>>;

type FragranceForm = NonNullable<
  paths['/api/fragrances']['post']['requestBody']
>['content']['multipart/form-data'];

type ErrorBody = components['schemas']['ErrorBody'];

type UserUpdateBody = Json<NonNullable<paths['/api/usuario/{id}']['put']['requestBody']>>;
type CategoryRow = components['schemas']['Category'];

export const signIn: LoginBody = { Login: 'admin@scentia.local', Senha: 'Secret#123' };
export const accessToken = (pair: TokenPair): string => pair.token;

export const query: ListQuery = {
  page: 2,
  perPage: 20,
  search: 'cítr',
  isActive: 'true',
  orderByDirection: 'asc',
};
export const firstName = (page: CategoriesPage): string | undefined => page.data[0]?.name;
export const pageCount = (page: CategoriesPage): number => page.totalPages;

export const newCategory: CategoryBody = {
  name: 'Cítricos',
  translations: [{ language: 'en-US', name: 'Citrus' }],
};

export const newFragrance: FragranceForm = {
  name: 'Limão siciliano',
  ofactoryWay: 'Cítrico',
  categoryId: 1,
  'image.file': 'the file part',
  'translations[0][language]': 'en-US',
  'translations[0][ofactoryWay]': 'Citrus',
};

export const refusedFields = (error: ErrorBody): string[] => (error.fields ?? []).map((field) => field.path);

// `PUT /usuario/{id}` takes the whole user or only `{ativo}`, and nothing else.
export const deactivate: UserUpdateBody = { ativo: false };
export const rename: UserUpdateBody = { email: 'ana@scentia.local', nome: 'Ana Souza', profile: 'OPERADOR' };
// @ts-expect-error a text is not a user body
export const notABody: UserUpdateBody = 'string';

export const fragranceNames = (row: CategoryRow): string[] =>
  row.fragrances.map((fragrance) => fragrance.name);
