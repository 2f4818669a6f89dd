import { PassengerServicePicker } from '../../../features/booking/components/passenger-service-picker';

/** arrive-passenger (spec §2): who takes extra baggage or priority boarding on the return. */
export default function ArrivePassengerPage() {
  return <PassengerServicePicker leg={1} />;
}
