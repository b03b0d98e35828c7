import { useGetSoftwareQuery } from '../../../api/endpoints/catalogue';
import { useAppSelector } from '../../../app/hooks';
import { selectSoftware } from '../../../entities/session';
import Banner from '../../../components/Banner';

const PRODUCT_NAME = 'CRM Sync';

/** The product banner: the CRM of ?software= (or the visitor's), the extension name of ?app= first. */
export default function PricingBanner({
  app,
  software,
  dark,
}: {
  app: string | null;
  software: string | null;
  dark: boolean;
}) {
  const knownSoftware = useAppSelector(selectSoftware);
  const needsLookup = software !== null && software !== knownSoftware?.slug;
  // A failed lookup only leaves the CRM name out of the banner.
  const { data } = useGetSoftwareQuery({ software: software ?? '' }, { skip: !needsLookup });
  const record = needsLookup ? data?.data : knownSoftware;
  return (
    <Banner
      appName={app ?? record?.app ?? PRODUCT_NAME}
      softwareName={record?.software ?? null}
      logoUrl={record?.logo_url ?? null}
      dark={dark}
    />
  );
}
