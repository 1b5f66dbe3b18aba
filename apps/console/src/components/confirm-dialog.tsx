import { Modal, Stack, Text } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { DecisionActions } from './decision-form';

/**
 * A yes-or-no question before a change that takes effect at once for players (a game switched off,
 * the site closed for maintenance): what will happen, then Cancel and the confirming button (focused,
 * so Enter confirms and Escape cancels). The server's refusal shows in it.
 */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
  /** Fields the question needs (e.g. the maintenance texts), above the buttons. */
  children?: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onConfirm();
  };
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {typeof props.text === 'string' ? <Text size="sm">{props.text}</Text> : props.text}
          {props.children}
          <DecisionActions
            error={props.error}
            pending={props.pending}
            onCancel={props.onClose}
            confirmColor={props.confirmColor ?? 'red'}
            confirmLabel={props.confirmLabel}
            confirmAutofocus={!props.children}
          />
        </Stack>
      </form>
    </Modal>
  );
}
