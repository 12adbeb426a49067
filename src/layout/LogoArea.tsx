import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { useLogoNameQuery } from '../../store/api/project-endpoints';

/** Long model names (14 characters or more) shrink to 16 px (specification §2). */
export const LONG_MODEL_NAME = 14;

export function LogoArea({ home }: { home: string }) {
  const { data } = useLogoNameQuery();
  const name = data?.name ?? '';
  return (
    <Box sx={{ height: 64, display: 'flex', alignItems: 'center', px: 2.5, borderBottom: 1, borderColor: 'divider' }}>
      <Link
        component={RouterLink}
        to={home}
        underline="none"
        color="primary"
        data-testid="logo-model"
        sx={{ fontWeight: 700, fontSize: name.length >= LONG_MODEL_NAME ? 16 : 20, letterSpacing: 0.5, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {name}
      </Link>
    </Box>
  );
}
