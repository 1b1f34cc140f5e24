import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpConfig } from '../../../../server/contract/api/mcp';
import { useMcpConfig } from '../../../api/admin-mcp/mcp-config-query';
import { useSaveMcpConfig } from '../../../api/admin-mcp/mcp-config-save-mutation';
import { useFeedback } from '../../../components/Feedback';
import { Button, InputText } from '../../../components/ui';
import { Check, FieldFoot, SettingsScreen } from '../Settings/form';

/** A labelled read-only value (the endpoints and the header), selectable to copy. */
function ReadOnly({ id, label, value, hint }: { id: string; label: string; value: string; hint?: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <InputText id={id} name={id} value={value} readOnly aria-describedby={hint ? `${id}_hint` : undefined} />
      <FieldFoot id={id} hint={hint} />
    </div>
  );
}

/** What an assistant's MCP settings hold for this site: the streamable endpoint and the key header. */
function snippet(url: string): string {
  return JSON.stringify({ mcpServers: { lantern: { type: 'http', url, headers: { Authorization: '<API key>' } } } }, null, 2);
}

function McpForm({ data }: { data: McpConfig }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const save = useSaveMcpConfig();
  const [enabled, setEnabled] = useState(data.enabled);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { enabled },
      {
        onSuccess: () => feedback.toast('success', t('admin_settings.update_success')),
        onError: (err) => feedback.toast('error', err instanceof Error ? err.message : t('error.generic')),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="admin-settings-form" aria-label={t('admin_mcp.title')}>
      <Check
        id="mcp_enabled"
        label={t('admin_mcp.enabled_label')}
        text={t('admin_mcp.enabled_text')}
        checked={enabled}
        onChange={setEnabled}
      />
      {enabled && (
        <>
          <ReadOnly id="mcp_type" label={t('admin_mcp.type')} value={data.type} />
          <ReadOnly id="mcp_url" label={t('admin_mcp.url')} value={data.url} />
          <ReadOnly
            id="mcp_streamable_url"
            label={t('admin_mcp.streamable_url')}
            value={data.streamable_url}
            hint={t('admin_mcp.streamable_hint')}
          />
          <ReadOnly
            id="mcp_http_header"
            label={t('admin_mcp.http_header')}
            value={data.http_header}
            hint={t('admin_mcp.http_header_hint')}
          />
          <section aria-labelledby="mcp_snippet_heading">
            <h2 id="mcp_snippet_heading">{t('admin_mcp.snippet_heading')}</h2>
            <p className="muted small">{t('admin_mcp.snippet_hint')}</p>
            <pre className="admin-code">
              <code>{snippet(data.streamable_url)}</code>
            </pre>
          </section>
        </>
      )}
      <div className="admin-settings-buttons">
        <Button type="submit" label={t('admin_settings.save')} loading={save.isPending} />
      </div>
    </form>
  );
}

/** /admin/mcp: Answer's MCP switch, the endpoints an assistant connects to and the header it sends. */
export default function McpPage() {
  const { t } = useTranslation();
  const query = useMcpConfig();
  return (
    <SettingsScreen title={t('admin_mcp.title')} intro={t('admin_mcp.intro')} query={query}>
      {(data) => <McpForm data={data} />}
    </SettingsScreen>
  );
}
