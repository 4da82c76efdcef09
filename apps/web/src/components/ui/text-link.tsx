import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { focusRing } from './button.tsx';

export const textLinkClasses = `rounded-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300 ${focusRing}`;

/** For a text link standing on its own: a 44 px touch target on phones, plain text elsewhere. */
export const textLinkPhoneTarget = 'max-sm:inline-flex max-sm:min-h-11 max-sm:items-center';

const StyledAnchor = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement>>(
  function StyledAnchor({ className = '', ...props }, ref) {
    return <a ref={ref} className={`${textLinkClasses} ${className}`} {...props} />;
  },
);

/** A router link styled as inline text. */
export const TextLink = createLink(StyledAnchor);
