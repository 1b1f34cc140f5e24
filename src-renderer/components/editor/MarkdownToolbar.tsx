import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { IconName } from '../Icon';
import { Button } from '../ui';

/** What the toolbar's buttons do. */
export interface ToolbarActions {
  heading(): void;
  bold(): void;
  italic(): void;
  code(): void;
  quote(): void;
  ol(): void;
  ul(): void;
  table(): void;
  hr(): void;
  link(): void;
  image(): void;
  codeBlock(): void;
}

/** One toolbar button: an icon or a text, its name, its shortcut. */
function Tool({
  name,
  icon,
  onClick,
  text,
  keys,
  className,
  loading,
}: {
  name: string;
  icon?: IconName;
  onClick(): void;
  text?: string;
  keys?: string;
  className?: string;
  loading?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Button
      type="button"
      text
      size="small"
      className={`md-tool ${className ?? ''}`}
      icon={icon}
      label={text}
      aria-label={name}
      title={keys ? t('qa.ed_shortcut', { name, keys }) : name}
      aria-keyshortcuts={keys?.replace('Ctrl', 'Control')}
      loading={loading}
      onClick={onClick}
    />
  );
}

/** The editor's toolbar (with the hidden file input of the image picker). */
export function MarkdownToolbar({
  id,
  act,
  uploading,
  fileInput,
}: {
  id: string;
  act: ToolbarActions;
  uploading: boolean;
  fileInput: ComponentProps<'input'>;
}) {
  const { t } = useTranslation();
  return (
    <div className="md-toolbar" role="toolbar" aria-label={t('editor.toolbar')} aria-controls={id}>
      <Tool name={t('qa.ed_heading')} onClick={act.heading} text="H" className="md-heading" />
      <Tool name={t('editor.bold')} onClick={act.bold} text="B" keys="Ctrl+B" className="md-bold" />
      <Tool name={t('editor.italic')} onClick={act.italic} text="I" keys="Ctrl+I" className="md-italic" />
      <span className="md-sep" aria-hidden="true" />
      <Tool name={t('editor.link')} icon="link" onClick={act.link} keys="Ctrl+K" />
      <Tool name={t('editor.image')} icon="image" onClick={act.image} loading={uploading} />
      <Tool name={t('editor.code')} onClick={act.code} text="</>" className="md-code" />
      <Tool name={t('qa.ed_code_block')} icon="code-block" onClick={act.codeBlock} />
      <Tool name={t('qa.ed_quote')} onClick={act.quote} text="❝" className="md-quote" />
      <span className="md-sep" aria-hidden="true" />
      <Tool name={t('qa.ed_ol')} icon="list-ordered" onClick={act.ol} />
      <Tool name={t('qa.ed_ul')} icon="list" onClick={act.ul} />
      <Tool name={t('qa.ed_table')} icon="table" onClick={act.table} />
      <Tool name={t('qa.ed_hr')} icon="minus" onClick={act.hr} />
      <input {...fileInput} aria-label={t('editor.image')} />
    </div>
  );
}
