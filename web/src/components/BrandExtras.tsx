import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import type { Brand } from '@gearwatch/contracts';
import { brandProfile } from '@gearwatch/contracts';

/**
 * What a brand adds to the menu and the login page (spec 01 §1, branding): the second brand's partner logos and its
 * owner's link. Nothing for a brand without them.
 */
export function BrandExtras({ brand, ownerLink = true }: { brand: Brand; ownerLink?: boolean }) {
  const { t } = useTranslation();
  const { partners, owner } = brandProfile(brand);
  if (partners.length === 0 && (!owner || !ownerLink)) return null;
  return (
    <Box data-testid="brand-extras" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, px: 2, py: 1.5 }}>
      {partners.length > 0 ? (
        <Box role="group" aria-label={t('brand.partners')} sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'center' }}>
          {partners.map((partner) => (
            <img key={partner.name} src={`/brands/${brand}/${partner.logo}`} alt={partner.name} height={24} />
          ))}
        </Box>
      ) : null}
      {owner && ownerLink ? (
        <Link href={owner.url} target="_blank" rel="noopener noreferrer" variant="body2" color="text.secondary">
          {t('brand.owner-link', { owner: owner.name })}
        </Link>
      ) : null}
    </Box>
  );
}
