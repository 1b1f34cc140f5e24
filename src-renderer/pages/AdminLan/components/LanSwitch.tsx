import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Message } from '../../../components/ui';
import type { LanStatus } from '../../../api/admin/types';
import { Field } from '../../../components/Field';
import type { LanPage } from '../useLanPage';

/** The on/off switch: the desktop app's form (with the port while off), the restart notice, or the flags a command-line server needs. */
export function LanSwitch({ s, lan }: { s: LanStatus; lan: LanPage }) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const enabled = !s.enabled;
    const n = Number(lan.shownPort);
    if (enabled && (!Number.isInteger(n) || n < 1024 || n > 65535)) {
      lan.setErrors({ port: t('lan.port_hint') });
      return;
    }
    const message = enabled ? t('lan.restarting', { url: `${s.scheme ?? 'http'}://127.0.0.1:${n}/admin/lan` }) : t('lan.stopping');
    void lan.apply({ enabled, port: enabled ? n : s.port }, message);
  };

  if (lan.restarting) return <Message severity="info" text={lan.restarting} />;
  if (s.managed)
    return (
      <form onSubmit={submit} noValidate className="stack">
        {!s.enabled && (
          <Field
            id="port"
            label={t('lan.port')}
            value={lan.shownPort}
            onChange={lan.setPort}
            error={lan.errors.port}
            hint={t('lan.port_hint')}
          />
        )}
        <div>
          <Button
            type="submit"
            label={s.enabled ? t('lan.turn_off') : t('lan.turn_on')}
            severity={s.enabled ? 'secondary' : undefined}
            loading={lan.change.isPending}
          />
        </div>
      </form>
    );
  // a command-line server cannot rebind itself: say how to change what it does now
  return (
    <Message
      severity="secondary"
      className="lan-advice"
      content={
        <span>
          {s.enabled ? t('lan.not_desktop_on') : t('lan.not_desktop')}{' '}
          <code className="lan-command">{s.enabled ? '--host 127.0.0.1' : '--host 0.0.0.0 --port <port>'}</code>
        </span>
      }
    />
  );
}
