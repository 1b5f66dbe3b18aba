import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OperatorUser } from '@sorte/shared/contracts/console';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list';
import { errorMessage } from '../../../lib/api';
import type { CsvColumn } from '../../../lib/csv';
import { formatDateTime } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { useOperatorUsers, useUpdateOperatorUser } from '../api/operators';
import { CreateOperatorModal, DisableOperatorModal, EditOperatorModal } from './operator-dialogs';

/** Operator users: create, change roles and merchant, disable and enable. */
export function OperatorList() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const list = useListParams([]);
  const query = useOperatorUsers({ pageNo: list.pageNo, pageSize: list.pageSize });
  const enable = useUpdateOperatorUser();
  const [isCreating, setCreating] = useState(false);
  const [editing, setEditing] = useState<OperatorUser | null>(null);
  const [disabling, setDisabling] = useState<OperatorUser | null>(null);

  const roleNames = (user: OperatorUser) => user.roles.map((role) => t(`roles.${role}`)).join(', ');
  const merchantName = (user: OperatorUser) =>
    user.merchantCode ? t(`merchants.${user.merchantCode}`) : t('common.allMerchants');

  const csvColumns: CsvColumn<OperatorUser>[] = [
    { header: t('operators.columns.username'), value: (u) => u.username },
    { header: t('operators.columns.roles'), value: roleNames },
    { header: t('operators.columns.merchant'), value: (u) => u.merchantCode ?? t('common.allMerchants') },
    {
      header: t('operators.columns.totp'),
      value: (u) => (u.totpEnrolled ? t('common.yes') : t('common.no')),
    },
    {
      header: t('operators.columns.state'),
      value: (u) => (u.disabled ? t('operators.disabled') : t('operators.active')),
    },
    { header: t('operators.columns.createdAt'), value: (u) => u.createdAt },
    { header: t('operators.columns.lastSignInAt'), value: (u) => u.lastSignInAt ?? '' },
  ];

  const onEnable = (user: OperatorUser) =>
    enable.mutate(
      { operatorId: user.id, change: { disabled: false } },
      {
        onSuccess: (saved) =>
          notifications.show({
            color: 'green',
            message: t('operators.enabledDone', { username: saved.username }),
          }),
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
      },
    );

  return (
    <>
      <PagedList
        query={query}
        pageNo={list.pageNo}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        emptyText={t('operators.empty')}
        toolbar={<Button onClick={() => setCreating(true)}>{t('operators.create')}</Button>}
        csv={{ fileName: `operators-page-${list.pageNo}.csv`, columns: csvColumns }}
      >
        {(rows) => (
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('operators.columns.username')}</Table.Th>
                  <Table.Th>{t('operators.columns.roles')}</Table.Th>
                  <Table.Th>{t('operators.columns.merchant')}</Table.Th>
                  <Table.Th>{t('operators.columns.totp')}</Table.Th>
                  <Table.Th>{t('operators.columns.state')}</Table.Th>
                  <Table.Th>{t('operators.columns.lastSignInAt')}</Table.Th>
                  <Table.Th>{t('common.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td fw={600}>{user.username}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {user.roles.map((role) => (
                          <Badge key={role} variant="light" size="sm">
                            {t(`roles.${role}`)}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>{merchantName(user)}</Table.Td>
                    <Table.Td>{user.totpEnrolled ? t('common.yes') : t('common.no')}</Table.Td>
                    <Table.Td>
                      <Badge color={user.disabled ? 'gray' : 'green'} variant="light">
                        {user.disabled ? t('operators.disabled') : t('operators.active')}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {user.lastSignInAt ? (
                        formatDateTime(user.lastSignInAt, lang)
                      ) : (
                        <Text span size="sm" c="dimmed">
                          {t('operators.never')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => setEditing(user)}
                          aria-label={`${t('operators.edit')} ${user.username}`}
                        >
                          {t('operators.edit')}
                        </Button>
                        {user.disabled ? (
                          <Button
                            size="xs"
                            variant="light"
                            color="green"
                            loading={enable.isPending && enable.variables?.operatorId === user.id}
                            onClick={() => onEnable(user)}
                            aria-label={`${t('operators.enable')} ${user.username}`}
                          >
                            {t('operators.enable')}
                          </Button>
                        ) : (
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            onClick={() => setDisabling(user)}
                            aria-label={`${t('operators.disable')} ${user.username}`}
                          >
                            {t('operators.disable')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </PagedList>
      <CreateOperatorModal opened={isCreating} onClose={() => setCreating(false)} />
      <EditOperatorModal operator={editing} onClose={() => setEditing(null)} />
      <DisableOperatorModal operator={disabling} onClose={() => setDisabling(null)} />
    </>
  );
}
