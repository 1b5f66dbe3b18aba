import { Alert, Button, Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import {
  type OperatorRoleName,
  operatorMerchantCodes,
  operatorRoleNames,
  operatorUsernameSchema,
} from '@sorte/shared/contracts/console';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';
import type { OperatorMerchantCode } from '../api/operators';

const everyMerchant = 'all';

export type OperatorFormValues = {
  username: string;
  roles: OperatorRoleName[];
  merchantCode: OperatorMerchantCode | null;
};

type OperatorFormProps = {
  /** Editing: the username is shown but not changed. */
  initial?: OperatorFormValues;
  submitLabel: string;
  isSubmitting: boolean;
  error: unknown;
  onSubmit: (values: OperatorFormValues) => void;
  onCancel: () => void;
};

/** Username (new users only), roles and merchant of an operator user. */
export function OperatorForm({
  initial,
  submitLabel,
  isSubmitting,
  error,
  onSubmit,
  onCancel,
}: OperatorFormProps) {
  const { t } = useTranslation();
  const isEditing = initial !== undefined;
  const [username, setUsername] = useState(initial?.username ?? '');
  const [roles, setRoles] = useState<OperatorRoleName[]>(initial?.roles ?? []);
  const [merchant, setMerchant] = useState<string>(initial?.merchantCode ?? everyMerchant);
  const [touched, setTouched] = useState(false);

  const parsedUsername = operatorUsernameSchema.safeParse(username);
  const isUsernameValid = isEditing || parsedUsername.success;
  const isRolesValid = roles.length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!isUsernameValid || !isRolesValid) return;
    onSubmit({
      username: parsedUsername.success ? parsedUsername.data : username,
      roles: operatorRoleNames.filter((role) => roles.includes(role)),
      merchantCode: merchant === everyMerchant ? null : (merchant as OperatorMerchantCode),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('operators.username')}
          description={isEditing ? undefined : t('operators.usernameHint')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          disabled={isEditing}
          data-autofocus={!isEditing || undefined}
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          error={touched && !isUsernameValid ? t('operators.usernameInvalid') : undefined}
        />
        <Checkbox.Group
          label={t('operators.roles')}
          required
          value={roles}
          onChange={(value) => setRoles(value as OperatorRoleName[])}
          error={touched && !isRolesValid ? t('operators.rolesInvalid') : undefined}
        >
          <Stack gap={6} mt={6}>
            {operatorRoleNames.map((role) => (
              <Checkbox key={role} value={role} label={t(`roles.${role}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Select
          label={t('operators.merchant')}
          description={t('operators.merchantHint')}
          allowDeselect={false}
          value={merchant}
          onChange={(value) => setMerchant(value ?? everyMerchant)}
          data={[
            { value: everyMerchant, label: t('common.allMerchants') },
            ...operatorMerchantCodes.map((code) => ({
              value: code,
              label: `${t(`merchants.${code}`)} (${code})`,
            })),
          ]}
        />
        {error ? (
          <Alert color="red" role="alert">
            {errorMessage(error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
