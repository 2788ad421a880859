import type { AlertKind } from '@scentia/shared/alerts.schemas';
import type { Language } from '@scentia/shared/locales';

/**
 * `invitation` asks a new client account to set its password and join its organisation;
 * `invitationAccept` asks an existing client account to accept the membership.
 */
export type MailKind = 'activation' | 'recovery' | 'registration' | 'invitation' | 'invitationAccept';

type MailTexts = {
  subject: string;
  heading: string;
  intro: string;
  action: string;
  expiry: string;
  ignore: string;
};

type Catalog = Record<MailKind, MailTexts> & { greeting: string; linkHelp: string; footer: string };

/**
 * Mail wording per language. `{{name}}`, `{{expiry}}` and (invitations) `{{organization}}` are filled in when
 * the mail is written.
 */
export const mailTexts: Record<Language, Catalog> = {
  'pt-BR': {
    greeting: 'Olá, {{name}}!',
    linkHelp: 'Se o botão não funcionar, copie e cole este endereço no navegador:',
    footer: 'Scentia — marketing olfativo. Esta é uma mensagem automática; não é preciso respondê-la.',
    activation: {
      subject: 'Ative sua conta Scentia',
      heading: 'Confirme seu e-mail',
      intro: 'Recebemos seu cadastro na Scentia. Para ativar sua conta, confirme que este e-mail é seu.',
      action: 'Ativar minha conta',
      expiry: 'O link vale por {{expiry}} e só pode ser usado uma vez.',
      ignore: 'Se você não se cadastrou na Scentia, ignore esta mensagem.',
    },
    recovery: {
      subject: 'Recuperação de senha Scentia',
      heading: 'Redefina sua senha',
      intro: 'Recebemos um pedido para redefinir a senha da sua conta Scentia.',
      action: 'Criar nova senha',
      expiry: 'O link vale por {{expiry}} e só pode ser usado uma vez.',
      ignore: 'Se você não pediu a troca de senha, ignore esta mensagem: sua senha continua a mesma.',
    },
    registration: {
      subject: 'Cadastre sua senha Scentia',
      heading: 'Bem-vindo(a) à Scentia',
      intro:
        'Uma conta foi criada para você no painel administrativo da Scentia. Cadastre sua senha para começar.',
      action: 'Cadastrar minha senha',
      expiry: 'O link vale por {{expiry}} e só pode ser usado uma vez.',
      ignore: 'Se você não esperava este convite, ignore esta mensagem.',
    },
    invitation: {
      subject: 'Convite para acompanhar {{organization}} na Scentia',
      heading: 'Você foi convidado(a)',
      intro:
        'Você foi convidado(a) a acompanhar os locais de {{organization}} no painel da Scentia. Cadastre sua senha para aceitar o convite.',
      action: 'Aceitar e cadastrar senha',
      expiry: 'O link vale por {{expiry}} e só pode ser usado uma vez.',
      ignore: 'Se você não esperava este convite, ignore esta mensagem.',
    },
    invitationAccept: {
      subject: 'Convite para acompanhar {{organization}} na Scentia',
      heading: 'Você foi convidado(a)',
      intro:
        'Você foi convidado(a) a acompanhar os locais de {{organization}} no painel da Scentia. Confirme para entrar com a sua conta de sempre.',
      action: 'Aceitar o convite',
      expiry: 'O link vale por {{expiry}} e só pode ser usado uma vez.',
      ignore: 'Se você não esperava este convite, ignore esta mensagem.',
    },
  },
  'en-US': {
    greeting: 'Hello, {{name}}!',
    linkHelp: 'If the button does not work, copy and paste this address into your browser:',
    footer: 'Scentia — scent marketing. This is an automatic message; there is no need to reply.',
    activation: {
      subject: 'Activate your Scentia account',
      heading: 'Confirm your e-mail',
      intro: 'We received your Scentia sign-up. To activate your account, confirm that this e-mail is yours.',
      action: 'Activate my account',
      expiry: 'The link is valid for {{expiry}} and can be used only once.',
      ignore: 'If you did not sign up for Scentia, please ignore this message.',
    },
    recovery: {
      subject: 'Scentia password recovery',
      heading: 'Reset your password',
      intro: 'We received a request to reset the password of your Scentia account.',
      action: 'Create a new password',
      expiry: 'The link is valid for {{expiry}} and can be used only once.',
      ignore:
        'If you did not ask to change your password, ignore this message: your password stays the same.',
    },
    registration: {
      subject: 'Set your Scentia password',
      heading: 'Welcome to Scentia',
      intro: 'An account was created for you in the Scentia back-office. Set your password to get started.',
      action: 'Set my password',
      expiry: 'The link is valid for {{expiry}} and can be used only once.',
      ignore: 'If you were not expecting this invitation, please ignore this message.',
    },
    invitation: {
      subject: 'Invitation to follow {{organization}} on Scentia',
      heading: 'You are invited',
      intro:
        'You are invited to follow the sites of {{organization}} on the Scentia dashboard. Set your password to accept the invitation.',
      action: 'Accept and set my password',
      expiry: 'The link is valid for {{expiry}} and can be used only once.',
      ignore: 'If you were not expecting this invitation, please ignore this message.',
    },
    invitationAccept: {
      subject: 'Invitation to follow {{organization}} on Scentia',
      heading: 'You are invited',
      intro:
        'You are invited to follow the sites of {{organization}} on the Scentia dashboard. Confirm to sign in with your usual account.',
      action: 'Accept the invitation',
      expiry: 'The link is valid for {{expiry}} and can be used only once.',
      ignore: 'If you were not expecting this invitation, please ignore this message.',
    },
  },
  'es-ES': {
    greeting: '¡Hola, {{name}}!',
    linkHelp: 'Si el botón no funciona, copie y pegue esta dirección en su navegador:',
    footer: 'Scentia — marketing olfativo. Este es un mensaje automático; no es necesario responderlo.',
    activation: {
      subject: 'Active su cuenta Scentia',
      heading: 'Confirme su correo electrónico',
      intro: 'Recibimos su registro en Scentia. Para activar su cuenta, confirme que este correo es suyo.',
      action: 'Activar mi cuenta',
      expiry: 'El enlace es válido durante {{expiry}} y solo puede usarse una vez.',
      ignore: 'Si usted no se registró en Scentia, ignore este mensaje.',
    },
    recovery: {
      subject: 'Recuperación de contraseña Scentia',
      heading: 'Restablezca su contraseña',
      intro: 'Recibimos una solicitud para restablecer la contraseña de su cuenta Scentia.',
      action: 'Crear una nueva contraseña',
      expiry: 'El enlace es válido durante {{expiry}} y solo puede usarse una vez.',
      ignore:
        'Si usted no pidió cambiar su contraseña, ignore este mensaje: su contraseña sigue siendo la misma.',
    },
    registration: {
      subject: 'Registre su contraseña Scentia',
      heading: 'Bienvenido(a) a Scentia',
      intro:
        'Se creó una cuenta para usted en el panel administrativo de Scentia. Registre su contraseña para empezar.',
      action: 'Registrar mi contraseña',
      expiry: 'El enlace es válido durante {{expiry}} y solo puede usarse una vez.',
      ignore: 'Si no esperaba esta invitación, ignore este mensaje.',
    },
    invitation: {
      subject: 'Invitación para seguir {{organization}} en Scentia',
      heading: 'Ha sido invitado(a)',
      intro:
        'Ha sido invitado(a) a seguir los locales de {{organization}} en el panel de Scentia. Registre su contraseña para aceptar la invitación.',
      action: 'Aceptar y registrar contraseña',
      expiry: 'El enlace es válido durante {{expiry}} y solo puede usarse una vez.',
      ignore: 'Si no esperaba esta invitación, ignore este mensaje.',
    },
    invitationAccept: {
      subject: 'Invitación para seguir {{organization}} en Scentia',
      heading: 'Ha sido invitado(a)',
      intro:
        'Ha sido invitado(a) a seguir los locales de {{organization}} en el panel de Scentia. Confirme para entrar con su cuenta de siempre.',
      action: 'Aceptar la invitación',
      expiry: 'El enlace es válido durante {{expiry}} y solo puede usarse una vez.',
      ignore: 'Si no esperaba esta invitación, ignore este mensaje.',
    },
  },
};

/** "1 hora", "7 days"...: the link's lifetime in the mail's language. */
export function describeDuration(language: Language, seconds: number): string {
  const [value, unit] =
    seconds % 86_400 === 0
      ? [seconds / 86_400, 'day']
      : seconds % 3_600 === 0
        ? [seconds / 3_600, 'hour']
        : [Math.ceil(seconds / 60), 'minute'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

type DigestTexts = {
  subject: string;
  heading: string;
  intro: string;
  /** `{{count}}` more alerts than the mail lists. */
  more: string;
  open: string;
  settings: string;
  critical: string;
  warning: string;
  kinds: Record<AlertKind, { title: string; todo: string }>;
  runsOutOn: string;
  /** A capsule running out with no forecast day: few shots left, too little recent use to date it. */
  lowLevel: string;
  empty: string;
  dueDate: string;
  lastSeenAt: string;
  neverSeen: string;
  keepsRunning: string;
  stops: string;
  slot: string;
};

/**
 * The daily digest of open alerts (modules/alerts), per language. `{{date}}`, `{{count}}` and `{{slot}}`
 * are filled in when the mail is written; `todo` says what to do about each kind.
 */
export const digestTexts: Record<Language, DigestTexts> = {
  'pt-BR': {
    subject: 'Scentia: {{count}} alerta(s) em aberto',
    heading: 'Resumo diário dos alertas',
    intro: 'Estes são os alertas em aberto dos difusores, os mais urgentes primeiro.',
    more: 'E mais {{count}} alerta(s) no painel.',
    open: 'Abrir o difusor',
    settings:
      'Você recebe este resumo porque o ativou nas configurações de notificação do painel; desative-o lá.',
    critical: 'Crítico',
    warning: 'Atenção',
    kinds: {
      capsuleEmpty: {
        title: 'Cápsula vazia',
        todo: 'Troque a cápsula: ela está vazia.',
      },
      capsuleRunningOut: {
        title: 'Cápsula acabando',
        todo: 'Troque a cápsula antes que acabe.',
      },
      capsulePastDue: {
        title: 'Cápsula vencida',
        todo: 'Troque a cápsula: a validade passou e a fragrância perde qualidade.',
      },
      deviceOffline: {
        title: 'Difusor sem comunicação',
        todo: 'Verifique se o difusor está ligado e conectado à rede do local.',
      },
    },
    runsOutOn: 'Previsão de fim: {{date}}',
    lowLevel: 'Restam poucos disparos; o uso recente não basta para prever o dia.',
    empty: 'A cápsula está vazia.',
    dueDate: 'Validade: {{date}}',
    lastSeenAt: 'Última comunicação: {{date}}',
    neverSeen: 'Nunca se comunicou.',
    keepsRunning: 'O difusor continua funcionando enquanto isso.',
    stops: 'O difusor para de perfumar o ambiente.',
    slot: 'posição {{slot}}',
  },
  'en-US': {
    subject: 'Scentia: {{count}} open alert(s)',
    heading: 'Daily digest of alerts',
    intro: 'These are the diffusers’ open alerts, the most urgent first.',
    more: 'And {{count}} more alert(s) in the back-office.',
    open: 'Open the diffuser',
    settings:
      'You get this digest because you turned it on in the back-office’s notification settings; turn it off there.',
    critical: 'Critical',
    warning: 'Warning',
    kinds: {
      capsuleEmpty: {
        title: 'Capsule empty',
        todo: 'Replace the capsule: it is empty.',
      },
      capsuleRunningOut: {
        title: 'Capsule running out',
        todo: 'Replace the capsule before it runs out.',
      },
      capsulePastDue: {
        title: 'Capsule past its due date',
        todo: 'Replace the capsule: its due date has passed and the fragrance loses quality.',
      },
      deviceOffline: {
        title: 'Diffuser offline',
        todo: 'Check that the diffuser is powered on and connected to the site’s network.',
      },
    },
    runsOutOn: 'Runs out on: {{date}}',
    lowLevel: 'Few shots are left; recent use is too little to tell the day.',
    empty: 'The capsule is empty.',
    dueDate: 'Due date: {{date}}',
    lastSeenAt: 'Last heard from: {{date}}',
    neverSeen: 'Never heard from.',
    keepsRunning: 'The diffuser keeps running meanwhile.',
    stops: 'The diffuser stops scenting the room.',
    slot: 'slot {{slot}}',
  },
  'es-ES': {
    subject: 'Scentia: {{count}} alerta(s) abierta(s)',
    heading: 'Resumen diario de alertas',
    intro: 'Estas son las alertas abiertas de los difusores, las más urgentes primero.',
    more: 'Y {{count}} alerta(s) más en el panel.',
    open: 'Abrir el difusor',
    settings:
      'Recibe este resumen porque lo activó en la configuración de notificaciones del panel; desactívelo allí.',
    critical: 'Crítica',
    warning: 'Aviso',
    kinds: {
      capsuleEmpty: {
        title: 'Cápsula vacía',
        todo: 'Cambie la cápsula: está vacía.',
      },
      capsuleRunningOut: {
        title: 'Cápsula por agotarse',
        todo: 'Cambie la cápsula antes de que se agote.',
      },
      capsulePastDue: {
        title: 'Cápsula caducada',
        todo: 'Cambie la cápsula: su fecha de caducidad pasó y la fragancia pierde calidad.',
      },
      deviceOffline: {
        title: 'Difusor sin conexión',
        todo: 'Compruebe que el difusor está encendido y conectado a la red del local.',
      },
    },
    runsOutOn: 'Se agota el: {{date}}',
    lowLevel: 'Quedan pocos disparos; el uso reciente no basta para prever el día.',
    empty: 'La cápsula está vacía.',
    dueDate: 'Caducidad: {{date}}',
    lastSeenAt: 'Última conexión: {{date}}',
    neverSeen: 'Nunca se conectó.',
    keepsRunning: 'El difusor sigue funcionando mientras tanto.',
    stops: 'El difusor deja de perfumar el ambiente.',
    slot: 'posición {{slot}}',
  },
};
