import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { focusRing } from './button.tsx';

export const textLinkClasses = `rounded-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300 ${focusRing}`;

const StyledAnchor = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement>>(
  function StyledAnchor({ className = '', ...props }, ref) {
    return <a ref={ref} className={`${textLinkClasses} ${className}`} {...props} />;
  },
);

/** A router link styled as inline text. */
export const TextLink = createLink(StyledAnchor);
