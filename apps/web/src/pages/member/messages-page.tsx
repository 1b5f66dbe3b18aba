import { useTranslation } from 'react-i18next';
import { MemberPageHeader } from '../../features/member/components/member-shell';
import { MessageList } from '../../features/messages/components/message-list';

export default function MessagesPage() {
  const { t } = useTranslation();
  return (
    <>
      <MemberPageHeader title={t('member.menu.messages')} lead={t('member.messages.lead')} />
      <MessageList />
    </>
  );
}
