import type { Alert } from '@scentia/shared/alerts.schemas';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enShell from '../../locales/en-US/shell.json';
import esShell from '../../locales/es-ES/shell.json';
import ptShell from '../../locales/pt-BR/shell.json';
import { alertText } from './alert-text.ts';

const TODAY = '2026-11-25';

let translators: Record<'pt-BR' | 'en-US' | 'es-ES', TFunction>;
beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'pt-BR',
    resources: { 'pt-BR': { shell: ptShell }, 'en-US': { shell: enShell }, 'es-ES': { shell: esShell } },
    defaultNS: 'shell',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  translators = {
    'pt-BR': instance.getFixedT('pt-BR', 'shell'),
    'en-US': instance.getFixedT('en-US', 'shell'),
    'es-ES': instance.getFixedT('es-ES', 'shell'),
  };
});

function alert(overrides: Partial<Alert>): Alert {
  return {
    alertId: 1,
    kind: 'capsuleRunningOut',
    severity: 'warning',
    canKeepRunning: true,
    device: { deviceId: 9, macAddress: 'AABBCC112233' },
    location: { locationId: 3, name: 'Loja Centro', timeZone: 'America/Sao_Paulo' },
    organization: { organizationId: 2, name: 'Rede Aroma' },
    slot: 4,
    fragrance: { fragranceId: 5, name: 'Lavanda' },
    capsule: { capsuleId: 40, serialNumber: 'SN-40' },
    runsOutOn: '2026-11-28',
    dueDate: null,
    lastSeenAt: null,
    raisedAt: '2026-11-25T09:00:00.000Z',
    isRead: false,
    ...overrides,
  };
}

describe('alertText', () => {
  it('says which capsule runs out when, where, what to do and that the device keeps running, in English', () => {
    const text = alertText(alert({}), translators['en-US'], TODAY);
    expect(text.title).toBe('Capsule running out');
    expect(text.severity).toBe('Warning: plan it');
    expect(text.what).toBe(
      'The capsule in slot 4 (Lavanda) of device AA:BB:CC:11:22:33 at Loja Centro (Rede Aroma) runs out on 28/11/2026.',
    );
    expect(text.action).toBe('Replace it before then; the device keeps running on its other capsules.');
  });

  it('says the same in Portuguese and Spanish, from the same fields', () => {
    const pt = alertText(alert({}), translators['pt-BR'], TODAY);
    expect(pt.what).toBe(
      'A cápsula do slot 4 (Lavanda) do dispositivo AA:BB:CC:11:22:33 em Loja Centro (Rede Aroma) deve acabar em 28/11/2026.',
    );
    expect(pt.action).toBe(
      'Troque-a antes disso; o dispositivo continua funcionando com as outras cápsulas.',
    );
    const es = alertText(alert({}), translators['es-ES'], TODAY);
    expect(es.what).toBe(
      'La cápsula del slot 4 (Lavanda) del dispositivo AA:BB:CC:11:22:33 en Loja Centro (Rede Aroma) se agota el 28/11/2026.',
    );
    expect(es.action).toBe(
      'Cámbiela antes de esa fecha; el dispositivo sigue funcionando con sus otras cápsulas.',
    );
  });

  it('tells a run-out day of today or past from one ahead, and a critical one asks for today', () => {
    const t = translators['en-US'];
    const today = alertText(
      alert({ runsOutOn: TODAY, severity: 'critical', canKeepRunning: false }),
      t,
      TODAY,
    );
    expect(today.severity).toBe('Critical: act today');
    expect(today.what).toMatch(/ runs out today\.$/);
    expect(today.action).toBe('Replace it today; without it the device stops diffusing.');
    expect(alertText(alert({ runsOutOn: '2026-11-20' }), t, TODAY).what).toMatch(
      / ran out on 20\/11\/2026\.$/,
    );
    const unknown = alertText(alert({ runsOutOn: null }), t, TODAY);
    expect(unknown.what).toMatch(/ is running out\.$/);
    expect(unknown.action).toMatch(/^Plan its replacement;/);
  });

  it('says an empty capsule is empty and asks for today, in every language', () => {
    const empty = alert({
      kind: 'capsuleEmpty',
      severity: 'critical',
      runsOutOn: null,
      canKeepRunning: false,
    });
    const en = alertText(empty, translators['en-US'], TODAY);
    expect(en.title).toBe('Capsule empty');
    expect(en.what).toBe(
      'The capsule in slot 4 (Lavanda) of device AA:BB:CC:11:22:33 at Loja Centro (Rede Aroma) is empty.',
    );
    expect(en.action).toBe('Replace it today; without it the device stops diffusing.');
    const pt = alertText(empty, translators['pt-BR'], TODAY);
    expect([pt.title, pt.what]).toEqual([
      'Cápsula vazia',
      'A cápsula do slot 4 (Lavanda) do dispositivo AA:BB:CC:11:22:33 em Loja Centro (Rede Aroma) está vazia.',
    ]);
    const es = alertText(empty, translators['es-ES'], TODAY);
    expect([es.title, es.what]).toEqual([
      'Cápsula vacía',
      'La cápsula del slot 4 (Lavanda) del dispositivo AA:BB:CC:11:22:33 en Loja Centro (Rede Aroma) está vacía.',
    ]);
  });

  it('names the due date of a capsule past it', () => {
    const text = alertText(
      alert({ kind: 'capsulePastDue', runsOutOn: null, dueDate: '2026-11-01', fragrance: null }),
      translators['en-US'],
      TODAY,
    );
    expect(text.title).toBe('Capsule past due');
    expect(text.what).toBe(
      'The capsule in slot 4 of device AA:BB:CC:11:22:33 at Loja Centro (Rede Aroma) was due on 01/11/2026.',
    );
    expect(text.action).toBe(
      'Plan to replace it with a capsule within its date; the device keeps diffusing meanwhile.',
    );
    const empty = alertText(
      alert({ kind: 'capsulePastDue', canKeepRunning: false }),
      translators['en-US'],
      TODAY,
    );
    expect(empty.action).toMatch(/; the device has no shots left to diffuse\.$/);
  });

  it('says since when a device is silent, or that it never spoke, and what that means meanwhile', () => {
    const t = translators['pt-BR'];
    const lastSeenAt = '2026-11-22T13:05:00';
    const offline = alertText(
      alert({
        kind: 'deviceOffline',
        severity: 'critical',
        slot: null,
        fragrance: null,
        capsule: null,
        runsOutOn: null,
        lastSeenAt,
      }),
      t,
      TODAY,
    );
    expect(offline.title).toBe('Dispositivo sem comunicação');
    expect(offline.what).toBe(
      'O dispositivo AA:BB:CC:11:22:33 em Loja Centro (Rede Aroma) não se comunica desde 22/11/2026 13:05.',
    );
    expect(offline.action).toMatch(
      /^Verifique a energia e a rede do dispositivo; ele pode seguir difundindo/,
    );
    const never = alertText(
      alert({
        kind: 'deviceOffline',
        slot: null,
        fragrance: null,
        capsule: null,
        runsOutOn: null,
        canKeepRunning: false,
      }),
      t,
      TODAY,
    );
    expect(never.what).toMatch(/ nunca se comunicou\.$/);
    expect(never.action).toMatch(/; e ele também não tem cápsula com disparos restantes\.$/);
  });
});
