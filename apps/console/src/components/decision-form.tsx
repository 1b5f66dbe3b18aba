import { Alert, Button, Group, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api';

/** The required reason of a refusal or a block: 1 to 256 characters, focused when the dialog opens. */
export function ReasonField(props: {
  label: string;
  description: string;
  invalidMessage: string;
  invalid: boolean;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Textarea
      label={props.label}
      description={props.description}
      required
      autosize
      minRows={3}
      maxLength={256}
      data-autofocus
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      error={props.invalid ? props.invalidMessage : undefined}
    />
  );
}

/** The foot of a decision dialog: the server's refusal if any, then Cancel and the confirming button. */
export function DecisionActions(props: {
  error: unknown;
  pending: boolean;
  onCancel: () => void;
  confirmColor: string;
  confirmLabel: string;
  /** Focus the confirming button when the dialog has no field to focus. */
  confirmAutofocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {props.error ? (
        <Alert color="red" role="alert">
          {errorMessage(props.error)}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={props.onCancel} disabled={props.pending}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          color={props.confirmColor}
          loading={props.pending}
          data-autofocus={props.confirmAutofocus ? true : undefined}
        >
          {props.confirmLabel}
        </Button>
      </Group>
    </>
  );
}
