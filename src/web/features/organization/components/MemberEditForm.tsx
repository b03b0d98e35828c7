import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { canChangeRole, canHoldProduct, ROLE_NAMES, ROLES } from '../../../../shared/permissions';
import type { PlanKey } from '../../../../shared/plans';
import {
  isPromotionToAdmin,
  memberProduct,
  type OrganizationMember,
  type ProductOption,
  type Role,
} from '../lib/members';
import { PromoteAdminDialog } from './PromoteAdminDialog';
import { t, translated } from '../../../i18n';
import { dashboardPaths } from '../../../lib/paths';

export interface MemberChanges {
  product: PlanKey;
  role: Role;
}

export interface MemberEditFormProps {
  member: OrganizationMember;
  productOptions: readonly ProductOption[];
  /** Why the viewer may not change this member's product (the billing admin's plan), or null. */
  productLocked?: string | null;
  saving: boolean;
  onSave: (changes: MemberChanges) => void;
  /** Asks to remove the member; never offered for an admin (docs/product.md#member-edit). */
  onRemove: () => void;
  /** Where Cancel goes: the Organization page, in the view the member was opened from. */
  backTo?: string;
}

/**
 * Product and role of one member, with 'Save Changes', 'Cancel' and 'Remove from
 * Organization' (texts users know from the product's first version, kept as they were). Making the
 * member an admin is asked again first: it cannot be undone.
 */
export function MemberEditForm({
  member,
  productOptions,
  productLocked = null,
  saving,
  onSave,
  onRemove,
  backTo = dashboardPaths.organization,
}: MemberEditFormProps) {
  const [product, setProduct] = useState<PlanKey>(memberProduct(member));
  const [role, setRole] = useState<Role>(member.role);
  const [confirmingPromotion, setConfirmingPromotion] = useState(false);
  const isAdminMember = !canChangeRole(member);
  // A billing manager uses no seat (docs/product.md#roles-and-permissions): choosing the role sets the product to Free and locks it.
  const seatless = !canHoldProduct(role, 'standard');
  const shownProduct = seatless ? 'free' : product;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPromotionToAdmin(member, role)) setConfirmingPromotion(true);
    else onSave({ product: shownProduct, role });
  };

  return (
    <Box component="form" onSubmit={onSubmit} aria-label={t('Edit member')} sx={{ maxWidth: 520 }}>
      <Stack spacing={3}>
        <div>
          <Typography variant="h6" component="h2">
            {member.name || member.email}
          </Typography>
          <Typography color="text.secondary">{member.email}</Typography>
        </div>
        <TextField
          select
          label={t('Product')}
          name="product"
          value={shownProduct}
          onChange={(event) => setProduct(event.target.value as PlanKey)}
          disabled={productLocked !== null || seatless}
          helperText={productLocked ?? (seatless ? t('A billing manager uses no seat.') : undefined)}
        >
          {productOptions.map((option) => (
            <MenuItem key={option.value} value={option.value} disabled={option.disabled}>
              {/* 'Standard (2 seats available)' is English made by shared/seats.ts: its template translates it. */}
              {translated(option.label)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('Role')}
          name="role"
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
          disabled={isAdminMember}
          helperText={isAdminMember ? t("An admin's role cannot be changed.") : undefined}
        >
          {ROLES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(ROLE_NAMES[value])}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? t('Saving...') : t('Save Changes')}
          </Button>
          <Button component={RouterLink} to={backTo} variant="outlined">
            {t('Cancel')}
          </Button>
          {!isAdminMember && (
            <Button color="error" onClick={onRemove} disabled={saving}>
              {t('Remove from Organization')}
            </Button>
          )}
        </Stack>
      </Stack>
      <PromoteAdminDialog
        member={confirmingPromotion ? member : null}
        onCancel={() => {
          // Changing one's mind leaves the member a member, as the form now shows.
          setConfirmingPromotion(false);
          setRole(member.role);
        }}
        onConfirm={() => {
          setConfirmingPromotion(false);
          onSave({ product: shownProduct, role });
        }}
      />
    </Box>
  );
}
