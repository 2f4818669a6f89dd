import { PassengerServicePicker } from '../../../features/booking/components/passenger-service-picker';

/** departure-passenger (spec §2): who takes extra baggage or priority boarding on the outbound. */
export default function DeparturePassengerPage() {
  return <PassengerServicePicker leg={0} />;
}
