import { useId } from 'react';
import type { SVGProps } from 'react';

/** Decorative inline icons: hidden from assistive technology, named by their button instead. */
function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function MenuIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Icon {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </Icon>
  );
}

export function CloseIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Icon {...props}>
      <path d="M6 6l12 12M18 6L6 18" />
    </Icon>
  );
}

export function CheckIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Icon {...props}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </Icon>
  );
}

export function ChevronDownIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Icon width="16" height="16" {...props}>
      <path d="M6 9l6 6 6-6" />
    </Icon>
  );
}

export function ExternalLinkIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Icon width="16" height="16" {...props}>
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </Icon>
  );
}

/** The brand mark: a note that burns away. Same drawing as public/favicon.svg. */
export function LogoMark({ size = 28, ...props }: SVGProps<SVGSVGElement> & { size?: number }) {
  // Unique per instance: the mark appears more than once on a page.
  const id = `logo-flame-${useId().replace(/[^\w-]/g, '')}`;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <defs>
        <linearGradient id={id} x1="0" y1="1" x2="0" y2="0">
          <stop offset="0" stopColor="#ff6a2b" />
          <stop offset="1" stopColor="#ffc26b" />
        </linearGradient>
      </defs>
      <rect
        x="4"
        y="4"
        width="56"
        height="56"
        rx="14"
        fill="#191d27"
        stroke="#363d4e"
        strokeWidth="2"
      />
      <path
        d="M32 12c2 7 13 13 13 26a13 13 0 0 1-26 0c0-6 3-10 6-13 0 5 2 8 5 8-2-7-1-14 2-21z"
        fill={`url(#${id})`}
      />
      <path d="M24 50h16" stroke="#a0a8b8" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
