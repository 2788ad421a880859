/**
 * The headings and rules of the users', categories' and fragrances' import columns (their modules'
 * `*.import.ts`), spread into each language's catalog beside the import's own messages.
 */
export const importColumnsPtBR = {
  'import.column.translatedDescription': 'Descrição ({{language}})',
  'import.rules.userEmail':
    'Obrigatório, um e-mail válido. Identifica o usuário: um e-mail existente é atualizado; uma conta nova recebe o e-mail para cadastrar a senha.',
  'import.rules.personName': 'Obrigatório, um nome com ao menos 3 letras.',
  'import.rules.profile': 'Obrigatório: o nome de um perfil, como no formulário de usuário.',
  'import.rules.cpf': 'CPF ou CNPJ com ou sem máscara, só no Brasil (país BR).',
  'import.rules.genre': 'Opcional: M, F ou O.',
  'import.rules.birthday': 'Opcional, AAAA-MM-DD; idade mínima de 12 anos.',
  'import.rules.categoryName':
    'Obrigatório, 3 a 100 caracteres. Identifica a categoria: um nome existente é atualizado.',
  'import.rules.translatedName': 'Opcional, 3 a 100 caracteres: o nome em {{language}}.',
  'import.rules.fragranceName':
    'Obrigatório, 3 a 100 caracteres. Identifica a fragrância: um nome existente é atualizado.',
  'import.rules.category': 'Obrigatório: o nome de uma categoria ativa.',
  'import.rules.olfactoryWay': 'Obrigatório, 3 a 200 caracteres.',
  'import.rules.description': 'Opcional, até 255 caracteres.',
  'import.rules.translatedOlfactoryWay': 'Opcional, 3 a 200 caracteres, em {{language}}.',
  'import.rules.translatedDescription': 'Opcional, até 255 caracteres, em {{language}}.',
} as const;

export const importColumnsEnUS: Record<keyof typeof importColumnsPtBR, string> = {
  'import.column.translatedDescription': 'Description ({{language}})',
  'import.rules.userEmail':
    'Required, a valid e-mail address. Identifies the user: an existing e-mail is updated; a new account gets the mail to set its password.',
  'import.rules.personName': 'Required, a name with at least 3 letters.',
  'import.rules.profile': 'Required: the name of a profile, as in the user form.',
  'import.rules.cpf': 'CPF or CNPJ with or without its mask, in Brazil only (country BR).',
  'import.rules.genre': 'Optional: M, F or O.',
  'import.rules.birthday': 'Optional, YYYY-MM-DD; minimum age 12.',
  'import.rules.categoryName':
    'Required, 3 to 100 characters. Identifies the category: an existing name is updated.',
  'import.rules.translatedName': 'Optional, 3 to 100 characters: the name in {{language}}.',
  'import.rules.fragranceName':
    'Required, 3 to 100 characters. Identifies the fragrance: an existing name is updated.',
  'import.rules.category': 'Required: the name of an active category.',
  'import.rules.olfactoryWay': 'Required, 3 to 200 characters.',
  'import.rules.description': 'Optional, up to 255 characters.',
  'import.rules.translatedOlfactoryWay': 'Optional, 3 to 200 characters, in {{language}}.',
  'import.rules.translatedDescription': 'Optional, up to 255 characters, in {{language}}.',
};

export const importColumnsEsES: Record<keyof typeof importColumnsPtBR, string> = {
  'import.column.translatedDescription': 'Descripción ({{language}})',
  'import.rules.userEmail':
    'Obligatorio, un correo electrónico válido. Identifica al usuario: un correo existente se actualiza; una cuenta nueva recibe el correo para crear su contraseña.',
  'import.rules.personName': 'Obligatorio, un nombre con al menos 3 letras.',
  'import.rules.profile': 'Obligatorio: el nombre de un perfil, como en el formulario de usuario.',
  'import.rules.cpf': 'CPF o CNPJ con o sin máscara, solo en Brasil (país BR).',
  'import.rules.genre': 'Opcional: M, F u O.',
  'import.rules.birthday': 'Opcional, AAAA-MM-DD; edad mínima de 12 años.',
  'import.rules.categoryName':
    'Obligatorio, de 3 a 100 caracteres. Identifica la categoría: un nombre existente se actualiza.',
  'import.rules.translatedName': 'Opcional, de 3 a 100 caracteres: el nombre en {{language}}.',
  'import.rules.fragranceName':
    'Obligatorio, de 3 a 100 caracteres. Identifica la fragancia: un nombre existente se actualiza.',
  'import.rules.category': 'Obligatorio: el nombre de una categoría activa.',
  'import.rules.olfactoryWay': 'Obligatorio, de 3 a 200 caracteres.',
  'import.rules.description': 'Opcional, hasta 255 caracteres.',
  'import.rules.translatedOlfactoryWay': 'Opcional, de 3 a 200 caracteres, en {{language}}.',
  'import.rules.translatedDescription': 'Opcional, hasta 255 caracteres, en {{language}}.',
};
