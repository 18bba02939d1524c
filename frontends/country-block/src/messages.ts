import { defineMessages } from '@casino/platform';

export const m = defineMessages({
  title: { id: 'countryBlock.title', defaultMessage: 'Site Unavailable in Your Country' },
  text: { id: 'countryBlock.text', defaultMessage: 'We are sorry, {brand} is not available in your country or region. Due to licensing and local regulations we cannot accept players from this location.' },
  detectedCountry: { id: 'countryBlock.detectedCountry', defaultMessage: 'Detected country' },
  ip: { id: 'countryBlock.ip', defaultMessage: 'IP address' },
  date: { id: 'countryBlock.date', defaultMessage: 'Date' },
  unknown: { id: 'countryBlock.unknown', defaultMessage: 'Unknown' },
  reverifyTitle: { id: 'countryBlock.reverify.title', defaultMessage: 'Not in a restricted region?' },
  reverifyText: { id: 'countryBlock.reverify.text', defaultMessage: "If you use a VPN or a proxy, switch it off and reload the page. You can also confirm your location with your browser's location service." },
  reverifyButton: { id: 'countryBlock.reverify.button', defaultMessage: 'Reverify Location' },
  locating: { id: 'countryBlock.reverify.locating', defaultMessage: 'Checking your location…' },
  stillBlocked: { id: 'countryBlock.reverify.stillBlocked', defaultMessage: 'Your location ({country}) is still in a restricted region.' },
  verified: { id: 'countryBlock.reverify.verified', defaultMessage: 'Location verified. Welcome!' },
  denied: { id: 'countryBlock.reverify.denied', defaultMessage: 'Location permission was denied. Allow location access and try again.' },
  unavailable: { id: 'countryBlock.reverify.unavailable', defaultMessage: 'Your location could not be determined. Try again later.' },
  timeout: { id: 'countryBlock.reverify.timeout', defaultMessage: 'Finding your location took too long. Check that location services are on and try again.' },
  unknownLocation: { id: 'countryBlock.reverify.unknownLocation', defaultMessage: 'We could not find a country at your location.' },
  error: { id: 'countryBlock.reverify.error', defaultMessage: 'Your location could not be checked. Try again later.' },
  helpTitle: { id: 'countryBlock.help.title', defaultMessage: 'Need assistance?' },
  helpText: { id: 'countryBlock.help.text', defaultMessage: 'Our support team is happy to help:' },
  helpNoEmail: { id: 'countryBlock.help.noEmail', defaultMessage: 'Please contact our support team.' },
});
