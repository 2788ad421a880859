/**
 * The import's address prefill and schedule column (lib/resource-kit/import, the locations' import),
 * spread into each language's catalog beside the import's own messages.
 */
export const importExtrasPtBR = {
  'import.postcodeNotFound': 'CEP {{cep}} não encontrado: preencha esta coluna.',
  'import.postcodeIncomplete': 'O CEP {{cep}} não informa esta coluna: preencha-a.',
  'import.column.schedule': 'Horário de funcionamento',
  'import.rules.schedule':
    'Opcional, dias e horários como "Seg–Sex 09:00–18:00; Sáb 09:00–13:00" (também Mon–Fri, Lun–Vie). Vazio mantém a agenda do local.',
  'field.invalidSchedule': 'Horário não reconhecido: escreva como "Seg–Sex 09:00–18:00; Sáb 09:00–13:00".',
  'field.scheduleTooManyRanges': 'A agenda passa de 42 intervalos.',
} as const;

export const importExtrasEnUS: Record<keyof typeof importExtrasPtBR, string> = {
  'import.postcodeNotFound': 'Postcode {{cep}} not found: fill in this column.',
  'import.postcodeIncomplete': 'Postcode {{cep}} does not give this column: fill it in.',
  'import.column.schedule': 'Opening hours',
  'import.rules.schedule':
    'Optional, days and times like "Mon–Fri 09:00–18:00; Sat 09:00–13:00" (also Seg–Sex, Lun–Vie). Empty keeps the location’s schedule.',
  'field.invalidSchedule':
    'Opening hours not understood: write them like "Mon–Fri 09:00–18:00; Sat 09:00–13:00".',
  'field.scheduleTooManyRanges': 'The schedule has more than 42 ranges.',
};

export const importExtrasEsES: Record<keyof typeof importExtrasPtBR, string> = {
  'import.postcodeNotFound': 'CEP {{cep}} no encontrado: rellene esta columna.',
  'import.postcodeIncomplete': 'El CEP {{cep}} no informa esta columna: rellénela.',
  'import.column.schedule': 'Horario de apertura',
  'import.rules.schedule':
    'Opcional, días y horas como "Lun–Vie 09:00–18:00; Sáb 09:00–13:00" (también Mon–Fri, Seg–Sex). Vacío mantiene la agenda del local.',
  'field.invalidSchedule': 'Horario no reconocido: escríbalo como "Lun–Vie 09:00–18:00; Sáb 09:00–13:00".',
  'field.scheduleTooManyRanges': 'La agenda supera los 42 intervalos.',
};
