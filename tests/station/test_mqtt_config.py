"""The broker options of `station run`: a bad URL or hub name is one line and exit 2."""
from __future__ import annotations

import pytest

from cli.main import main
from station.mqtt_config import MqttConfigError, hub_name, parse_url


@pytest.mark.parametrize("url, field", [("http://broker:1883", "--mqtt"), ("mqtt://", "--mqtt"),
                                        ("mqtt://broker:99999", "port")])
def test_a_bad_broker_url_is_refused_with_one_line(tmp_path, capsys, url, field):
    assert main(["run", "--mock", "--data-dir", str(tmp_path), "--mqtt", url]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and field in err and "Traceback" not in err


def test_a_hub_name_must_be_topic_safe(tmp_path, capsys):
    assert main(["run", "--mock", "--data-dir", str(tmp_path), "--mqtt", "mqtt://127.0.0.1:1",
                 "--hub-name", "table/1#"]) == 2
    assert "--hub-name 'table/1#'" in capsys.readouterr().err


def test_url_credentials_and_tls():
    b = parse_url("mqtts://club:s%40cret@broker.lan", ca="/etc/ssl/club.pem")
    assert (b.host, b.port, b.tls, b.username, b.password, b.ca) == ("broker.lan", 8883, True, "club", "s@cret", "/etc/ssl/club.pem")
    assert parse_url("mqtt://u:p@h:1884", username="other").username == "other"
    assert hub_name("table-1") == "table-1"
    with pytest.raises(MqttConfigError):
        hub_name("x" * 65)


def test_the_build_toml_may_name_the_broker(tmp_path, capsys):
    from hardware.config import REFERENCE_BUILD

    config = tmp_path / "hub.toml"
    config.write_text(open(REFERENCE_BUILD).read() + '\n[mqtt]\nurl = "ftp://x"\n')
    assert main(["run", "--mock", "--data-dir", str(tmp_path), "--config", str(config)]) == 2
    assert "ftp://x" in capsys.readouterr().err
    config.write_text(open(REFERENCE_BUILD).read() + '\n[mqtt]\nurl = "mqtt://h"\nqos = "2"\n')
    assert main(["run", "--mock", "--data-dir", str(tmp_path), "--config", str(config)]) == 2
    assert "[mqtt] qos: unknown key" in capsys.readouterr().err
