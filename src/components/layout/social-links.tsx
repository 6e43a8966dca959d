import { useTexts } from "../../hooks/use-texts";
import facebookIcon from "../../assets/social-facebook.svg";
import instagramIcon from "../../assets/social-instagram.svg";
import tiktokIcon from "../../assets/social-tiktok.svg";
import { Icon } from "../ui/icon";

const socialLinks = [
  { key: "tiktok", href: "https://www.tiktok.com/@pennybid.lv", icon: tiktokIcon },
  { key: "instagram", href: "https://www.instagram.com/pennybid.lv", icon: instagramIcon },
  { key: "facebook", href: "https://www.facebook.com/pennybid.lv", icon: facebookIcon },
] as const;

/** The provider's short-video, photo-sharing and social network pages. */
export function SocialLinks() {
  const { t } = useTexts();
  return (
    <div>
      <p className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">{t("nav.followUs")}</p>
      <ul className="flex gap-2">
        {socialLinks.map((link) => (
          <li key={link.key}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t(`nav.social.${link.key}`)}
              className="flex size-10 items-center justify-center rounded-full border border-line text-muted transition hover:border-primary-400 hover:text-accent"
            >
              <Icon src={link.icon} className="size-5" />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
