import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

interface Props {
  /** The id of the title, which names the section. */
  titleId: string;
  title: ReactNode;
  children?: ReactNode;
  /** The card's own layout (a full height in a grid row). */
  sx?: SxProps<Theme>;
  contentSx?: SxProps<Theme>;
  /** The space under the title (1 by default). */
  titleGap?: number;
}

/** One section of a screen: an outlined card named by its h2 title. */
export function SectionCard({ titleId, title, children, sx, contentSx, titleGap = 1 }: Props) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} sx={sx}>
      <CardContent sx={contentSx}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: titleGap }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
