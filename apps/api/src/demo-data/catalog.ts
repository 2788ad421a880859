/** The demo catalog: 8 categories, 60 fragrances, in the three languages. */

type Text3 = { 'pt-BR': string; 'en-US': string; 'es-ES': string };
export type DemoCategory = { names: Text3; colors: [string, string]; way: Text3; fragrances: string[] };

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    names: { 'pt-BR': 'Cítricos', 'en-US': 'Citrus', 'es-ES': 'Cítricos' },
    colors: ['#F9C74F', '#F3722C'],
    way: {
      'pt-BR': 'Cítrico vibrante com fundo verde',
      'en-US': 'Vibrant citrus over a green base',
      'es-ES': 'Cítrico vibrante sobre fondo verde',
    },
    fragrances: [
      'Limão Siciliano',
      'Bergamota Solar',
      'Laranja Bahia',
      'Tangerina Dourada',
      'Lima da Pérsia',
      'Grapefruit Rosé',
      'Yuzu Fresco',
      'Neroli Clássico',
    ],
  },
  {
    names: { 'pt-BR': 'Florais', 'en-US': 'Florals', 'es-ES': 'Florales' },
    colors: ['#F7A1C4', '#B5179E'],
    way: {
      'pt-BR': 'Buquê floral luminoso e delicado',
      'en-US': 'Bright, delicate floral bouquet',
      'es-ES': 'Ramo floral luminoso y delicado',
    },
    fragrances: [
      'Jasmim Noturno',
      'Rosa Damascena',
      'Flor de Laranjeira',
      'Lírio Branco',
      'Peônia Rosada',
      'Gardênia Suave',
      'Violeta Imperial',
      'Magnólia Real',
    ],
  },
  {
    names: { 'pt-BR': 'Amadeirados', 'en-US': 'Woody', 'es-ES': 'Amaderados' },
    colors: ['#A47148', '#583101'],
    way: {
      'pt-BR': 'Madeiras secas e cálidas',
      'en-US': 'Dry, warm woods',
      'es-ES': 'Maderas secas y cálidas',
    },
    fragrances: [
      'Cedro do Atlas',
      'Sândalo Cremoso',
      'Vetiver Profundo',
      'Pau-Rosa',
      'Cipreste Toscano',
      'Oud Noturno',
      'Carvalho Antigo',
    ],
  },
  {
    names: { 'pt-BR': 'Orientais', 'en-US': 'Oriental', 'es-ES': 'Orientales' },
    colors: ['#9D0208', '#370617'],
    way: {
      'pt-BR': 'Especiarias quentes e resinas',
      'en-US': 'Warm spices and resins',
      'es-ES': 'Especias cálidas y resinas',
    },
    fragrances: [
      'Âmbar Quente',
      'Incenso Sagrado',
      'Cardamomo e Mel',
      'Canela Imperial',
      'Mirra Dourada',
      'Açafrão Raro',
      'Benjoim Suave',
    ],
  },
  {
    names: { 'pt-BR': 'Frutados', 'en-US': 'Fruity', 'es-ES': 'Afrutados' },
    colors: ['#FF6F59', '#D00000'],
    way: {
      'pt-BR': 'Frutas maduras e suculentas',
      'en-US': 'Ripe, juicy fruit',
      'es-ES': 'Frutas maduras y jugosas',
    },
    fragrances: [
      'Maracujá Tropical',
      'Pêssego Aveludado',
      'Framboesa Silvestre',
      'Manga Dourada',
      'Cassis Intenso',
      'Pera Williams',
      'Figo Verde',
      'Morango Silvestre',
    ],
  },
  {
    names: { 'pt-BR': 'Aquáticos', 'en-US': 'Aquatic', 'es-ES': 'Acuáticos' },
    colors: ['#48CAE4', '#0077B6'],
    way: {
      'pt-BR': 'Brisa marinha e notas ozônicas',
      'en-US': 'Sea breeze and ozonic notes',
      'es-ES': 'Brisa marina y notas ozónicas',
    },
    fragrances: [
      'Brisa do Mar',
      'Água de Coco',
      'Chuva de Verão',
      'Sal Marinho',
      'Alga Azul',
      'Lagoa Cristalina',
      'Orvalho da Manhã',
    ],
  },
  {
    names: { 'pt-BR': 'Aromáticos', 'en-US': 'Aromatic', 'es-ES': 'Aromáticos' },
    colors: ['#80B918', '#2B9348'],
    way: {
      'pt-BR': 'Ervas frescas e folhas verdes',
      'en-US': 'Fresh herbs and green leaves',
      'es-ES': 'Hierbas frescas y hojas verdes',
    },
    fragrances: [
      'Lavanda Serena',
      'Alecrim do Campo',
      'Manjericão Fresco',
      'Hortelã Gelada',
      'Sálvia Esclareia',
      'Capim-Limão',
      'Eucalipto Puro',
      'Chá Verde',
    ],
  },
  {
    names: { 'pt-BR': 'Gourmands', 'en-US': 'Gourmand', 'es-ES': 'Gourmands' },
    colors: ['#E9C46A', '#6F4518'],
    way: {
      'pt-BR': 'Doçura envolvente e cremosa',
      'en-US': 'Enveloping, creamy sweetness',
      'es-ES': 'Dulzura envolvente y cremosa',
    },
    fragrances: [
      'Baunilha Bourbon',
      'Café Torrado',
      'Caramelo Salgado',
      'Cacau Intenso',
      'Doce de Leite',
      'Amêndoa Doce',
      'Mel Silvestre',
    ],
  },
];

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A label-like picture for a demo fragrance: a gradient in the category's colours with its name. */
export function fragranceArtwork(name: string, category: string, colors: [string, string]): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
  <rect width="800" height="800" fill="url(#g)"/>
  <circle cx="620" cy="180" r="220" fill="#ffffff" opacity="0.12"/>
  <circle cx="160" cy="660" r="160" fill="#ffffff" opacity="0.10"/>
  <text x="60" y="640" font-family="DejaVu Sans, Arial, sans-serif" font-size="56" font-weight="bold" fill="#ffffff">${escapeXml(name)}</text>
  <text x="60" y="700" font-family="DejaVu Sans, Arial, sans-serif" font-size="32" fill="#ffffff" opacity="0.85">${escapeXml(category)} · Scentia</text>
</svg>`);
}
