import type { Language } from '@scentia/shared/locales';

/**
 * The demo quizzes' trees. The published one is the same tree in each language: five questions, a
 * shared last question reached from three branches, answers reused across questions (one bank label),
 * final answers recommending fragrances of the default campaign's collection (by catalog name).
 */

type Text3 = Record<Language, string>;
export type DemoAnswer = {
  label: Text3;
  description?: Text3;
  /** The key of the next question, or the fragrances (catalog names) a final answer recommends. */
  next?: string;
  fragrances?: string[];
};
export type DemoQuestion = { key: string; quest: Text3; answers: DemoAnswer[] };

const SURPRISE_ME: Text3 = { 'pt-BR': 'Surpreenda-me', 'en-US': 'Surprise me', 'es-ES': 'Sorpréndeme' };

export const DEMO_QUIZ_NAMES: Text3 = {
  'pt-BR': 'Descubra o aroma da sua loja',
  'en-US': 'Find your store’s scent',
  'es-ES': 'Descubre el aroma de tu tienda',
};

/** In the order they are created: the first is the entry. */
export const DEMO_QUIZ: DemoQuestion[] = [
  {
    key: 'feeling',
    quest: {
      'pt-BR': 'Que sensação você quer que os clientes levem da loja?',
      'en-US': 'What feeling should customers take away from your store?',
      'es-ES': '¿Qué sensación quieres que los clientes se lleven de tu tienda?',
    },
    answers: [
      {
        label: {
          'pt-BR': 'Energia e frescor',
          'en-US': 'Energy and freshness',
          'es-ES': 'Energía y frescura',
        },
        next: 'moment',
      },
      {
        label: {
          'pt-BR': 'Aconchego e elegância',
          'en-US': 'Warmth and elegance',
          'es-ES': 'Calidez y elegancia',
        },
        next: 'space',
      },
      {
        label: { 'pt-BR': 'Calma e leveza', 'en-US': 'Calm and lightness', 'es-ES': 'Calma y ligereza' },
        next: 'flowers',
      },
    ],
  },
  {
    key: 'moment',
    quest: {
      'pt-BR': 'Em que horário a loja recebe mais clientes?',
      'en-US': 'When does your store get the most customers?',
      'es-ES': '¿A qué hora recibe más clientes tu tienda?',
    },
    answers: [
      {
        label: { 'pt-BR': 'De manhã', 'en-US': 'In the morning', 'es-ES': 'Por la mañana' },
        description: {
          'pt-BR': 'Cítricos despertam e combinam com o café da manhã.',
          'en-US': 'Citrus wakes people up and suits the morning coffee.',
          'es-ES': 'Los cítricos despiertan y combinan con el café de la mañana.',
        },
        fragrances: ['Limão Siciliano', 'Bergamota Solar'],
      },
      {
        label: { 'pt-BR': 'À tarde', 'en-US': 'In the afternoon', 'es-ES': 'Por la tarde' },
        next: 'intensity',
      },
      {
        label: { 'pt-BR': 'À noite', 'en-US': 'In the evening', 'es-ES': 'Por la noche' },
        fragrances: ['Neroli Clássico', 'Grapefruit Rosé'],
      },
    ],
  },
  {
    key: 'space',
    quest: {
      'pt-BR': 'Qual ambiente descreve melhor a sua loja?',
      'en-US': 'Which setting best describes your store?',
      'es-ES': '¿Qué ambiente describe mejor tu tienda?',
    },
    answers: [
      {
        label: {
          'pt-BR': 'Boutique sofisticada',
          'en-US': 'An upscale boutique',
          'es-ES': 'Una boutique sofisticada',
        },
        fragrances: ['Sândalo Cremoso', 'Pau-Rosa'],
      },
      {
        label: { 'pt-BR': 'Design moderno', 'en-US': 'Modern design', 'es-ES': 'Diseño moderno' },
        fragrances: ['Cedro do Atlas', 'Vetiver Profundo'],
      },
      { label: SURPRISE_ME, next: 'intensity' },
    ],
  },
  {
    key: 'flowers',
    quest: {
      'pt-BR': 'Que flores combinam com os seus clientes?',
      'en-US': 'Which flowers suit your customers?',
      'es-ES': '¿Qué flores van con tus clientes?',
    },
    answers: [
      {
        label: { 'pt-BR': 'Flores brancas', 'en-US': 'White flowers', 'es-ES': 'Flores blancas' },
        fragrances: ['Jasmim Noturno', 'Lírio Branco', 'Gardênia Suave'],
      },
      {
        label: { 'pt-BR': 'Flores rosadas', 'en-US': 'Pink flowers', 'es-ES': 'Flores rosadas' },
        fragrances: ['Rosa Damascena', 'Peônia Rosada'],
      },
      { label: SURPRISE_ME, next: 'intensity' },
    ],
  },
  {
    key: 'intensity',
    quest: {
      'pt-BR': 'Você prefere um aroma marcante ou discreto?',
      'en-US': 'Do you prefer a bold scent or a subtle one?',
      'es-ES': '¿Prefieres un aroma intenso o discreto?',
    },
    answers: [
      {
        label: { 'pt-BR': 'Marcante', 'en-US': 'Bold', 'es-ES': 'Intenso' },
        fragrances: ['Tangerina Dourada', 'Magnólia Real'],
      },
      {
        label: { 'pt-BR': 'Discreto', 'en-US': 'Subtle', 'es-ES': 'Discreto' },
        fragrances: ['Flor de Laranjeira', 'Violeta Imperial'],
      },
    ],
  },
];

/** One language of a demo tree, as the editor's saves take it. */
export type PlainAnswer = { label: string; description?: string; next?: string; fragrances?: string[] };
export type PlainQuestion = { key: string; quest: string; answers: PlainAnswer[] };

export const inLanguage = (questions: DemoQuestion[], language: Language): PlainQuestion[] =>
  questions.map((question) => ({
    key: question.key,
    quest: question.quest[language],
    answers: question.answers.map((answer) => ({
      label: answer.label[language],
      description: answer.description?.[language],
      next: answer.next,
      fragrances: answer.fragrances,
    })),
  }));

/**
 * A draft in Portuguese on the small citrus campaign, left with a problem to find: the answer "Azedinho"
 * led to a third question that was then deleted, so it now leads nowhere (a dead end).
 */
export const DEMO_DRAFT_NAME = 'Degustação no balcão';
export const DEMO_DRAFT_CAMPAIGN = 'Degustação Cítrica';
export const DEMO_DRAFT_REMOVED = 'peel';
export const DEMO_DRAFT: PlainQuestion[] = [
  {
    key: 'first',
    quest: 'Qual cítrico você quer provar primeiro?',
    answers: [
      { label: 'Limão', fragrances: ['Limão Siciliano'] },
      { label: 'Laranja', next: 'taste' },
    ],
  },
  {
    key: 'taste',
    quest: 'Você prefere o doce ou o azedinho?',
    answers: [
      { label: 'Doce', fragrances: ['Laranja Bahia'] },
      { label: 'Azedinho', next: 'peel' },
    ],
  },
  {
    key: 'peel',
    quest: 'Com notas de casca ou de polpa?',
    answers: [{ label: 'Casca', fragrances: ['Bergamota Solar'] }],
  },
];
