import { Button, CopyButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Copies a value to the clipboard and says so for two seconds. */
export function CopyTextButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Button
          size="xs"
          variant={copied ? 'filled' : 'default'}
          color={copied ? 'teal' : undefined}
          onClick={copy}
        >
          {copied ? t('common.copied') : label}
        </Button>
      )}
    </CopyButton>
  );
}
