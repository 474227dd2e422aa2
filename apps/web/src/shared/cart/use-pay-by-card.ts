import { useNavigate } from 'react-router';
import { addToCart } from './cart-store';

/**
 * "Pay by card" for a sponsorship the person already holds (paid offline, a trial, a linked code):
 * the record goes into the cart as a conversion (cart item `isConversion`, its current slots) and
 * checkout turns it into a card-paid subscription without taking a new slot.
 */
export function usePayByCard(): (line: { sponsoredsId: number; numSlots: number }) => void {
  const navigate = useNavigate();
  return (line) => {
    addToCart({
      id: String(line.sponsoredsId),
      sponsoredsId: line.sponsoredsId,
      quantity: line.numSlots,
      isConversion: true,
    });
    void navigate('/checkout');
  };
}
