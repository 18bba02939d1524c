import { defineMessages } from '@casino/platform';

/** The carousel's texts (loaded with the carousel, lazily). */
export const cm = defineMessages({
  carouselPrevious: { id: 'calendar.carousel.previous', defaultMessage: 'Previous day' },
  carouselNext: { id: 'calendar.carousel.next', defaultMessage: 'Next day' },
  carouselPause: { id: 'calendar.carousel.pause', defaultMessage: 'Pause' },
  carouselPlay: { id: 'calendar.carousel.play', defaultMessage: 'Play' },
});
