"""The ``station`` command line: the one composition root of the project (``cli.main:main``).

Each subcommand is one module here (``run_command``, ``replay_command``, ``simulate_command``,
``check_config_command``, ``export_command``, ``doctor_command``, ``club_command``) with
``add_arguments(parser)`` and ``main(args) -> exit status``. This package may import every other
package (engine, hardware, station, web, club); none of them imports it (tests/test_walls.py).
``python -m cli ...`` is the same as the ``station`` command.
"""
