import { Button, Group, Textarea } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

type Wrap = { key: 'bold' | 'italic' | 'paragraph' | 'list' | 'link'; before: string; after: string };

/** The formatting the site keeps (the server's sanitiser allows these tags and drops the rest). */
const wraps: readonly Wrap[] = [
  { key: 'paragraph', before: '<p>', after: '</p>' },
  { key: 'bold', before: '<strong>', after: '</strong>' },
  { key: 'italic', before: '<em>', after: '</em>' },
  { key: 'list', before: '<ul>\n  <li>', after: '</li>\n</ul>' },
  { key: 'link', before: '<a href="https://">', after: '</a>' },
];

type FormattedTextareaProps = {
  label: string;
  description?: string;
  value: string;
  maxLength: number;
  error?: string;
  onChange: (value: string) => void;
};

/**
 * Formatted content as the small HTML subset the site shows, with buttons that wrap the selected
 * text in a tag (keyboard reachable; the text stays editable by hand). The preview shows the result.
 */
export function FormattedTextarea({
  label,
  description,
  value,
  maxLength,
  error,
  onChange,
}: FormattedTextareaProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLTextAreaElement>(null);

  const wrap = ({ before, after }: Wrap) => {
    const area = ref.current;
    const start = area?.selectionStart ?? value.length;
    const end = area?.selectionEnd ?? value.length;
    const next = `${value.slice(0, start)}${before}${value.slice(start, end)}${after}${value.slice(end)}`;
    if (next.length > maxLength) return;
    onChange(next);
    // Back in the field with the wrapped text still selected, ready for the next tag or typing.
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + before.length, end + before.length);
    });
  };

  const toolbar = (
    <Group gap={4} mb={4} role="toolbar" aria-label={t('siteContent.format.toolbar', { field: label })}>
      {wraps.map((item) => (
        <Button key={item.key} size="compact-xs" variant="default" onClick={() => wrap(item)}>
          {t(`siteContent.format.${item.key}`)}
        </Button>
      ))}
    </Group>
  );

  return (
    <Textarea
      ref={ref}
      label={label}
      description={description ?? t('siteContent.format.hint')}
      inputContainer={(input) => (
        <>
          {toolbar}
          {input}
        </>
      )}
      autosize
      minRows={5}
      maxRows={16}
      maxLength={maxLength}
      spellCheck
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
    />
  );
}
