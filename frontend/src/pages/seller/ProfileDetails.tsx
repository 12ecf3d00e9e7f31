/**
 * A seller's company details, the same on the seller's My Profile and on the admin's views of a
 * seller and of an application: owner, mobile, email, year established, address and description
 * (the last two on full lines), then the `more` rows the page adds.
 */
import { FieldGrid } from '../../components/Field';

type Row = { label: string; value: string; wide?: boolean };

export function SellerDetails({
  seller: s,
  more = [],
}: {
  seller: { ownername: string; mobile: string; email: string; year: string; address: string; description: string };
  more?: Row[];
}) {
  return (
    <FieldGrid
      rows={[
        { label: 'Owner', value: s.ownername },
        { label: 'Mobile', value: s.mobile },
        { label: 'Email', value: s.email },
        { label: 'Established', value: s.year },
        { label: 'Address', value: s.address, wide: true },
        { label: 'Description', value: s.description, wide: true },
        ...more,
      ]}
    />
  );
}
