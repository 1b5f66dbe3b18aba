import { useLocation } from 'react-router';
import { PromotionList } from '../features/promotions/components/promotion-list';

/** /promotions, optionally /promotions#{id} to jump to one. */
export default function PromotionsPage() {
  const { hash } = useLocation();
  return <PromotionList hash={hash} />;
}
