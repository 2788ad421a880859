import { withCnpjCheckDigits } from '@scentia/shared/br-documents';
import type { LocationBodyInput } from '@scentia/shared/locations.schemas';
import type { OrganizationBodyInput } from '@scentia/shared/organizations.schemas';

/** A demo location, without its organisation (whose id is known only once it exists). */
type DemoLocation = Omit<LocationBodyInput, 'organizationId'>;

const brazilianAddress = (zipcode: string, street: string, city: string, state: string) => ({
  country: 'BR',
  zipcode,
  street,
  city,
  state,
});

/** The cities of the demo's shops, with their states and time zones. */
const SAO_PAULO = { city: 'São Paulo', state: 'SP', timeZone: 'America/Sao_Paulo' };
const CAMPINAS = { city: 'Campinas', state: 'SP', timeZone: 'America/Sao_Paulo' };
const GUARULHOS = { city: 'Guarulhos', state: 'SP', timeZone: 'America/Sao_Paulo' };
const RIO_DE_JANEIRO = { city: 'Rio de Janeiro', state: 'RJ', timeZone: 'America/Sao_Paulo' };
const BELO_HORIZONTE = { city: 'Belo Horizonte', state: 'MG', timeZone: 'America/Sao_Paulo' };
const GOIANIA = { city: 'Goiânia', state: 'GO', timeZone: 'America/Sao_Paulo' };
const CAMPO_GRANDE = { city: 'Campo Grande', state: 'MS', timeZone: 'America/Campo_Grande' };
const MANAUS = { city: 'Manaus', state: 'AM', timeZone: 'America/Manaus' };
const BELEM = { city: 'Belém', state: 'PA', timeZone: 'America/Belem' };
const RECIFE = { city: 'Recife', state: 'PE', timeZone: 'America/Recife' };
const SALVADOR = { city: 'Salvador', state: 'BA', timeZone: 'America/Bahia' };
const FORTALEZA = { city: 'Fortaleza', state: 'CE', timeZone: 'America/Fortaleza' };
const CURITIBA = { city: 'Curitiba', state: 'PR', timeZone: 'America/Sao_Paulo' };
const PORTO_ALEGRE = { city: 'Porto Alegre', state: 'RS', timeZone: 'America/Sao_Paulo' };
const CUIABA = { city: 'Cuiabá', state: 'MT', timeZone: 'America/Cuiaba' };

/** A shop at a street and CEP of one of those cities, in the city's time zone. */
const site = (
  name: string,
  zipcode: string,
  street: string,
  place: { city: string; state: string; timeZone: string },
  note?: string,
): DemoLocation => ({
  name,
  address: brazilianAddress(zipcode, street, place.city, place.state),
  timeZone: place.timeZone,
  note,
});

/**
 * Client organisations and their shops for the demo: six companies (one with an alphanumeric CNPJ, the
 * form Receita Federal issues from July 2026) and twenty-one sites across Brazil, in seven time zones,
 * an airport shop open around the clock among them. CNPJs get their check digits here; addresses are
 * real streets with their CEPs.
 */
export const DEMO_CLIENTS: readonly { organization: OrganizationBodyInput; locations: DemoLocation[] }[] = [
  {
    organization: {
      name: 'Essenza Perfumaria',
      legalName: 'Essenza Comércio de Perfumes e Cosméticos Ltda',
      cnpj: withCnpjCheckDigits('384726150001'),
      contactName: 'Mariana Albuquerque',
      contactEmail: 'mariana.albuquerque@essenza.exemplo.com.br',
      phone: '(11) 3061-2200',
      address: brazilianAddress('01310-100', 'Avenida Paulista, 1000', 'São Paulo', 'SP'),
      note: 'Rede própria em shoppings e ruas de comércio de São Paulo e Campinas.',
    },
    locations: [
      site('Essenza Paulista', '01310-100', 'Avenida Paulista, 1000', SAO_PAULO),
      site('Essenza Oscar Freire', '01426-001', 'Rua Oscar Freire, 900', SAO_PAULO),
      site(
        'Essenza Shopping Ibirapuera',
        '04029-902',
        'Avenida Ibirapuera, 3103',
        SAO_PAULO,
        'Quiosque no piso térreo, perto da praça de alimentação.',
      ),
      site('Essenza Campinas', '13087-901', 'Avenida Guilherme Campos, 500', CAMPINAS),
      site(
        'Essenza Aeroporto Guarulhos',
        '07190-100',
        'Rodovia Hélio Smidt, s/n',
        GUARULHOS,
        'Loja no Terminal 3, área de embarque internacional: aberta 24 horas.',
      ),
    ],
  },
  {
    organization: {
      name: 'Aromas do Rio',
      legalName: 'Aromas do Rio Varejo de Fragrâncias Ltda',
      cnpj: withCnpjCheckDigits('271938460001'),
      contactName: 'Rodrigo Nascimento',
      contactEmail: 'rodrigo@aromasdorio.exemplo.com.br',
      phone: '(21) 99812-4455',
      address: brazilianAddress('22410-002', 'Rua Visconde de Pirajá, 330', 'Rio de Janeiro', 'RJ'),
      note: null,
    },
    locations: [
      site('Aromas Copacabana', '22050-002', 'Avenida Nossa Senhora de Copacabana, 680', RIO_DE_JANEIRO),
      site('Aromas Ipanema', '22410-002', 'Rua Visconde de Pirajá, 330', RIO_DE_JANEIRO),
      site('Aromas Barra', '22640-102', 'Avenida das Américas, 4666', RIO_DE_JANEIRO),
    ],
  },
  {
    organization: {
      name: 'Farmácias Bem-Estar',
      legalName: 'Rede Bem-Estar Drogarias e Perfumarias S.A.',
      cnpj: withCnpjCheckDigits('190283740001'),
      contactName: 'Luciana Moreira',
      contactEmail: 'compras@bemestar.exemplo.com.br',
      phone: '(31) 3274-9810',
      address: brazilianAddress('30130-151', 'Rua Pernambuco, 1000', 'Belo Horizonte', 'MG'),
      note: 'Os difusores ficam no corredor de dermocosméticos.',
    },
    locations: [
      site('Bem-Estar Centro', '30130-003', 'Avenida Afonso Pena, 1500', BELO_HORIZONTE),
      site('Bem-Estar Savassi', '30130-151', 'Rua Pernambuco, 1000', BELO_HORIZONTE),
      site('Bem-Estar Goiânia', '74005-010', 'Avenida Goiás, 560', GOIANIA),
      site('Bem-Estar Campo Grande', '79002-332', 'Rua 14 de Julho, 2000', CAMPO_GRANDE),
    ],
  },
  {
    organization: {
      name: 'Norte Fragrâncias',
      legalName: 'Norte Fragrâncias Comércio e Distribuição Ltda',
      cnpj: withCnpjCheckDigits('084736290001'),
      contactName: 'Raimundo Bezerra',
      contactEmail: 'raimundo.bezerra@nortefragrancias.exemplo.com.br',
      phone: '(92) 99154-3021',
      address: brazilianAddress('69010-001', 'Avenida Eduardo Ribeiro, 520', 'Manaus', 'AM'),
      note: null,
    },
    locations: [
      site('Norte Centro', '69010-001', 'Avenida Eduardo Ribeiro, 520', MANAUS),
      site('Norte Djalma Batista', '69050-010', 'Avenida Djalma Batista, 482', MANAUS),
      site('Norte Belém', '66017-000', 'Avenida Presidente Vargas, 800', BELEM),
    ],
  },
  {
    organization: {
      name: 'Sol Nascente Shoppings',
      legalName: 'Sol Nascente Administradora de Shopping Centers Ltda',
      cnpj: withCnpjCheckDigits('462918370001'),
      contactName: 'Priscila Cavalcanti',
      contactEmail: 'operacoes@solnascente.exemplo.com.br',
      phone: '(81) 3465-7700',
      address: brazilianAddress('51020-000', 'Avenida Boa Viagem, 3000', 'Recife', 'PE'),
      note: 'Contrato de aromatização das áreas comuns.',
    },
    locations: [
      site('Sol Nascente Boa Viagem', '51020-000', 'Avenida Boa Viagem, 3000', RECIFE),
      site('Sol Nascente Salvador', '41820-021', 'Avenida Tancredo Neves, 148', SALVADOR),
      site('Sol Nascente Fortaleza', '60811-341', 'Avenida Washington Soares, 85', FORTALEZA),
    ],
  },
  {
    organization: {
      name: 'Casa Olfativa',
      legalName: 'Casa Olfativa Franquias S.A.',
      // An alphanumeric CNPJ: letters in its root and branch, check digits as before.
      cnpj: withCnpjCheckDigits('A1B2C3D40001'),
      contactName: 'Henrique Zanella',
      contactEmail: 'henrique.zanella@casaolfativa.exemplo.com.br',
      phone: '(41) 3322-6150',
      address: brazilianAddress('80020-310', 'Rua XV de Novembro, 700', 'Curitiba', 'PR'),
      note: null,
    },
    locations: [
      site('Casa Olfativa Curitiba', '80020-310', 'Rua XV de Novembro, 700', CURITIBA),
      site('Casa Olfativa Porto Alegre', '90020-008', 'Rua dos Andradas, 1234', PORTO_ALEGRE),
      site('Casa Olfativa Cuiabá', '78050-000', 'Avenida Historiador Rubens de Mendonça, 1200', CUIABA),
    ],
  },
];
