import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import styled from 'styled-components';

interface QrCodeProps {
  value: string;
  /** Already translated; the image's alt text. */
  label: string;
  /** CSS pixels. */
  size?: number;
  className?: string;
}

/**
 * A QR code drawn entirely in the browser (a data: URL): the value may be a secret link, so it
 * is never sent to a QR service.
 */
export function QrCode({ value, label, size = 176, className }: QrCodeProps) {
  const [rendered, setRendered] = useState<{ value: string; src: string } | null>(null);

  useEffect(() => {
    let current = true;
    toDataURL(value, {
      errorCorrectionLevel: 'M',
      margin: 2,
      width: size * 2,
      color: { dark: '#000000', light: '#ffffff' },
    }).then(
      (src) => {
        if (current) setRendered({ value, src });
      },
      () => {
        if (current) setRendered(null);
      },
    );
    return () => {
      current = false;
    };
  }, [value, size]);

  const src = rendered?.value === value ? rendered.src : null;
  return src ? (
    <Image className={className} src={src} alt={label} width={size} height={size} />
  ) : (
    <Placeholder className={className} $size={size} role="img" aria-label={label} />
  );
}

const Image = styled.img`
  display: block;
  border-radius: ${({ theme }) => theme.radius.small};
  background: #ffffff;
`;

const Placeholder = styled.div<{ $size: number }>`
  inline-size: ${({ $size }) => $size}px;
  block-size: ${({ $size }) => $size}px;
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.color.surfaceHover};
`;
