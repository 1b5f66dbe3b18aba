import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  NumberInput,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ConsoleWalletVendor, SECRET_OVERLAP_HOURS } from '@sorte/shared/contracts/console-games';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CopyTextButton } from '../../../components/copy-text-button';
import { DecisionActions } from '../../../components/decision-form';
import { type Fact, Facts } from '../../../components/facts';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-states';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useSignedInOperator } from '../../../lib/operator-context';
import {
  type PurgeResult,
  type RotatedSecret,
  usePurgeVendorTransactions,
  useRotateWalletSecret,
  useWalletVendors,
} from '../api/vendors';

/**
 * The vendors that call the seamless wallet, where each one's signing secret lives, and its rotation:
 * the server makes a new secret, shows it once, and keeps accepting the old one for the overlap chosen
 * (so the vendor can switch without a failed call), then refuses it. Then the 4-month retention purge
 * of vendor transaction records. Both concern every merchant: only operators not limited to one
 * merchant see the buttons.
 */
export function WalletSecrets() {
  const { t, i18n } = useTranslation();
  const operator = useSignedInOperator();
  const canChange = operator.merchantCode === null;
  const vendors = useWalletVendors();
  const [rotating, setRotating] = useState<ConsoleWalletVendor | null>(null);

  return (
    <Stack gap="xl" maw={760}>
      <Stack gap="sm" component="section" aria-labelledby="wallet-secrets-title">
        <Title order={2} size="h4" id="wallet-secrets-title">
          {t('games.secrets.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('games.secrets.intro')}
        </Text>
        {vendors.isPending ? (
          <ListSkeleton rows={2} />
        ) : vendors.isError ? (
          <ListError message={errorMessage(vendors.error)} onRetry={() => void vendors.refetch()} />
        ) : vendors.data.length === 0 ? (
          <ListEmpty text={t('games.secrets.empty')} />
        ) : (
          vendors.data.map((vendor) => {
            const facts: Fact[] = [
              { label: t('games.secrets.runs'), value: vendor.catalogueVendors.join(', ') },
              {
                label: t('games.secrets.source'),
                value: t(`games.secrets.sources.${vendor.secretSource}`),
              },
              {
                label: t('games.secrets.rotatedAt'),
                value: vendor.secretRotatedAt
                  ? formatDateTime(vendor.secretRotatedAt, i18n.language)
                  : t('games.secrets.never'),
              },
              {
                label: t('games.secrets.previousUntil'),
                value: vendor.previousSecretUntil
                  ? formatDateTime(vendor.previousSecretUntil, i18n.language)
                  : t('games.secrets.noPrevious'),
              },
            ];
            return (
              <Paper
                key={vendor.code}
                withBorder
                p="md"
                radius="md"
                component="article"
                aria-label={vendor.name}
              >
                <Group justify="space-between" mb="xs" gap="xs">
                  <Group gap="xs">
                    <Text fw={700}>{vendor.name}</Text>
                    <Code>{vendor.code}</Code>
                    {vendor.enabled ? null : <Badge color="gray">{t('games.vendors.isOff')}</Badge>}
                  </Group>
                  {canChange && vendor.secretSource === 'stored' ? (
                    <Button size="xs" variant="light" color="orange" onClick={() => setRotating(vendor)}>
                      {t('games.secrets.rotate')}
                    </Button>
                  ) : null}
                </Group>
                <Facts facts={facts} />
              </Paper>
            );
          })
        )}
      </Stack>
      <RetentionPurge canPurge={canChange} />
      <RotateSecretModal vendor={rotating} onClose={() => setRotating(null)} />
    </Stack>
  );
}

function RotateSecretModal({ vendor, onClose }: { vendor: ConsoleWalletVendor | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={vendor !== null}
      onClose={onClose}
      title={vendor ? t('games.secrets.rotateTitle', { name: vendor.name }) : ''}
      centered
      closeOnClickOutside={false}
    >
      {vendor ? <RotateSecretForm key={vendor.code} vendor={vendor} onDone={onClose} /> : null}
    </Modal>
  );
}

function RotateSecretForm({ vendor, onDone }: { vendor: ConsoleWalletVendor; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const rotate = useRotateWalletSecret();
  const [hours, setHours] = useState<string | number>(SECRET_OVERLAP_HOURS.default);
  const [rotated, setRotated] = useState<RotatedSecret | null>(null);
  const overlapHours = typeof hours === 'number' ? hours : Number.parseInt(hours, 10);
  const isValid =
    Number.isInteger(overlapHours) &&
    overlapHours >= SECRET_OVERLAP_HOURS.min &&
    overlapHours <= SECRET_OVERLAP_HOURS.max;

  if (rotated) {
    return (
      <Stack gap="md">
        <Alert color="orange" title={t('games.secrets.newSecretTitle')}>
          {t('games.secrets.newSecretText', {
            until: formatDateTime(rotated.vendor.previousSecretUntil, i18n.language),
          })}
        </Alert>
        <Code
          block
          style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
          aria-label={t('games.secrets.newSecret')}
        >
          {rotated.secret}
        </Code>
        <Group justify="flex-end" gap="sm">
          <CopyTextButton value={rotated.secret} label={t('games.secrets.copy')} />
          <Button onClick={onDone}>{t('games.secrets.handedOver')}</Button>
        </Group>
      </Stack>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid) return;
    rotate.mutate(
      { code: vendor.code, overlapHours },
      {
        onSuccess: (result) => {
          setRotated(result);
          notifications.show({ color: 'orange', message: t('games.secrets.rotated', { name: vendor.name }) });
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('games.secrets.rotateText')}</Text>
        <NumberInput
          label={t('games.secrets.overlap')}
          description={t('games.secrets.overlapHint', SECRET_OVERLAP_HOURS)}
          min={SECRET_OVERLAP_HOURS.min}
          max={SECRET_OVERLAP_HOURS.max}
          allowDecimal={false}
          allowNegative={false}
          value={hours}
          onChange={setHours}
          error={isValid ? undefined : t('games.secrets.overlapHint', SECRET_OVERLAP_HOURS)}
          data-autofocus
        />
        <DecisionActions
          error={rotate.isError ? rotate.error : null}
          pending={rotate.isPending}
          onCancel={onDone}
          confirmColor="orange"
          confirmLabel={t('games.secrets.rotateConfirm')}
        />
      </Stack>
    </form>
  );
}

/** The retention purge, now: asks first, then says how many records went and from before when. */
function RetentionPurge({ canPurge }: { canPurge: boolean }) {
  const { t, i18n } = useTranslation();
  const purge = usePurgeVendorTransactions();
  const [isAsking, setAsking] = useState(false);
  const [result, setResult] = useState<PurgeResult | null>(null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="retention-title">
      <Title order={2} size="h4" id="retention-title">
        {t('games.retention.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('games.retention.intro')}
      </Text>
      {result ? (
        <Alert color="green" role="status">
          {t('games.retention.done', {
            count: result.deleted,
            cutoff: formatDateTime(result.cutoff, i18n.language),
          })}
        </Alert>
      ) : null}
      {canPurge ? (
        <Group>
          <Button color="red" variant="light" onClick={() => setAsking(true)}>
            {t('games.retention.purge')}
          </Button>
        </Group>
      ) : (
        <Text size="sm">{t('games.retention.limited')}</Text>
      )}
      <ConfirmDialog
        opened={isAsking}
        title={t('games.retention.confirmTitle')}
        text={t('games.retention.confirmText')}
        confirmLabel={t('games.retention.confirm')}
        pending={purge.isPending}
        error={purge.isError ? purge.error : null}
        onClose={() => {
          purge.reset();
          setAsking(false);
        }}
        onConfirm={() =>
          purge.mutate(undefined, {
            onSuccess: (done) => {
              setResult(done);
              setAsking(false);
            },
          })
        }
      />
    </Stack>
  );
}
