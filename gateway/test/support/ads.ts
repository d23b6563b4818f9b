/** An image ad as the admin form sends it, every field filled; tests override what they are about. */
export const IMAGE_AD = {
  title: 'Spring sale',
  description: 'Everything half price',
  type: 'image',
  provider: 'evadav',
  embedCode: '',
  imageUrl: 'https://ads.example/spring.png',
  linkUrl: 'https://shop.example/spring',
  position: 'home-hero',
  active: true,
  startDate: '',
  endDate: '',
};
