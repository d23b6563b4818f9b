import { describe, expect, it } from 'vitest';
import { defaultServer, episodePlayerUrl, followingEpisode, moviePlayerUrl, playableEpisode } from './player';

const seasons = [
  { season_number: 1, episode_count: 10 },
  { season_number: 2, episode_count: 9 },
];

describe('player addresses', () => {
  it('plays a movie by its IMDb id, or by its own id when it has none', () => {
    const template = 'https://player.test/embed/movie/{imdbId}';
    expect(moviePlayerUrl(template, { id: 27205, imdb_id: 'tt1375666' })).toBe(
      'https://player.test/embed/movie/tt1375666',
    );
    expect(moviePlayerUrl(template, { id: 27205, imdb_id: '' })).toBe(
      'https://player.test/embed/movie/27205',
    );
    expect(moviePlayerUrl('https://player.test/movie?tmdb={id}', { id: 27205 })).toBe(
      'https://player.test/movie?tmdb=27205',
    );
  });

  it('plays an episode by show id, season and episode', () => {
    expect(
      episodePlayerUrl('https://player.test/tv/{id}/{season}/{episode}', 1399, { season: 3, episode: 9 }),
    ).toBe('https://player.test/tv/1399/3/9');
  });

  it('has no address when the server is not configured or the template asks for something unknown', () => {
    expect(moviePlayerUrl(undefined, { id: 1 })).toBeNull();
    expect(moviePlayerUrl('  ', { id: 1 })).toBeNull();
    expect(moviePlayerUrl('https://player.test/{slug}', { id: 1 })).toBeNull();
  });

  it('starts phones on server 2 and everything else on server 1', () => {
    expect(
      defaultServer(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      ),
    ).toBe(2);
    expect(defaultServer('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36')).toBe(2);
    expect(
      defaultServer('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36'),
    ).toBe(1);
  });
});

describe('episode choice', () => {
  it('starts on the first season the show has, episode 1', () => {
    expect(playableEpisode(seasons, null)).toEqual({ season: 1, episode: 1 });
    expect(playableEpisode([{ season_number: 3, episode_count: 4 }], null)).toEqual({
      season: 3,
      episode: 1,
    });
  });

  it('keeps a chosen episode the season has', () => {
    expect(playableEpisode(seasons, { season: 2, episode: 9 })).toEqual({ season: 2, episode: 9 });
  });

  it('goes back to episode 1 when the season has fewer episodes than the one chosen', () => {
    expect(playableEpisode(seasons, { season: 2, episode: 10 })).toEqual({ season: 2, episode: 1 });
  });

  it('has nothing to play for a show without seasons', () => {
    expect(playableEpisode([], { season: 1, episode: 1 })).toBeNull();
  });
});

describe('followingEpisode', () => {
  const seasons = [
    { season_number: 1, episode_count: 2 },
    { season_number: 2, episode_count: 0 },
    { season_number: 3, episode_count: 1 },
  ];
  it('goes to the next episode of the season, then to the first of the next season that has episodes', () => {
    expect(followingEpisode(seasons, { season: 1, episode: 1 })).toEqual({ season: 1, episode: 2 });
    expect(followingEpisode(seasons, { season: 1, episode: 2 })).toEqual({ season: 3, episode: 1 });
  });
  it('has nothing after the last episode, or before an episode is chosen', () => {
    expect(followingEpisode(seasons, { season: 3, episode: 1 })).toBeNull();
    expect(followingEpisode(seasons, null)).toBeNull();
  });
});
